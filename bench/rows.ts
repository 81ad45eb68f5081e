// The bench's output: rows of a name, a value and its budget, printed as one aligned table.

export type Row = [name: string, value: string, budget: string];

export function print(rows: readonly Row[]): void {
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [name, value, target] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(12)}  ${target}`);
}
