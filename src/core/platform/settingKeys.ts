// Every `openhands.*` setting the extension contributes: its key and its default, in one place. package.json
// must agree (test/core/platform/settingKeys.test.ts compares them); the vscode adapter reads them typed.

export const SETTINGS_SECTION = 'openhands';

export interface SettingValues {
  readonly serverUrl: string;
  readonly requestTimeoutSeconds: number;
  readonly gitHosts: Readonly<Record<string, string>>;
  readonly conversationInstructions: string;
  readonly maxFileSizeKiB: number;
  readonly notifyWhenConversationStops: boolean;
  /** What Start Conversation starts from: ask (the pre-flight offers both), the folder as it is, the repository as pushed. */
  readonly startConversationWith: 'ask' | 'folder' | 'repository';
  /** The largest folder, in MiB, Send This Folder hands over. */
  readonly maxHandOverMiB: number;
  /** How long Check Changes lets the person's task run in the copy before it is stopped. */
  readonly checkTimeLimitMinutes: number;
  /** Read through serverList.ts's parseServers: a hand-edited settings.json can hold anything. */
  readonly servers: readonly unknown[];
  /** Per server URL, its runtime host patterns; read through runtimeHosts.ts: a hand-edited settings.json can hold anything. */
  readonly runtimeHosts: Readonly<Record<string, unknown>>;
}

export type SettingKey = keyof SettingValues;

export const SETTING_DEFAULTS: SettingValues = {
  serverUrl: 'http://localhost:3000',
  requestTimeoutSeconds: 30,
  gitHosts: {},
  conversationInstructions: '',
  maxFileSizeKiB: 256,
  notifyWhenConversationStops: true,
  startConversationWith: 'ask',
  maxHandOverMiB: 200,
  checkTimeLimitMinutes: 10,
  servers: [],
  runtimeHosts: {},
};

/** The ranges package.json declares for the number settings; a hand-edited settings.json can leave them. */
export const SETTING_RANGES = {
  requestTimeoutSeconds: { minimum: 1, maximum: 600 },
  maxFileSizeKiB: { minimum: 1, maximum: 4096 },
  maxHandOverMiB: { minimum: 1, maximum: 10240 },
  checkTimeLimitMinutes: { minimum: 1, maximum: 1440 },
} as const satisfies Partial<Record<SettingKey, { minimum: number; maximum: number }>>;

/** A number setting as the extension uses it: its default when not a number, else kept within its range. */
export function clampSetting(key: keyof typeof SETTING_RANGES, value: unknown): number {
  const { minimum, maximum } = SETTING_RANGES[key];
  const number = typeof value === 'number' && Number.isFinite(value) ? value : SETTING_DEFAULTS[key];
  return Math.min(Math.max(number, minimum), maximum);
}
