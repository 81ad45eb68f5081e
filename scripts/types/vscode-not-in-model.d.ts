// tsconfig.model.json maps `import 'vscode'` to this file, which is deliberately not a module: src/api and
// src/core are the vscode-free layers, so an import of vscode there is a compile error (TS2306).
declare const vscodeIsNotAvailableInTheModelLayers: never;
