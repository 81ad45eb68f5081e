// What the real server keeps in its file store: settings.json, secrets.json (provider tokens) and conversation
// metadata. Optionally mirrored to one JSON file so a restarted server finds them again.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { PROVIDERS, type Provider } from './models';

export interface ProviderTokenSeed {
  token?: string | null;
  host?: string | null;
  user_id?: string | null;
  repositories?: string[];
}

export interface StoredProviderToken {
  token: string;
  host: string | null;
  user_id: string | null;
  /** Repos this token reaches; absent = every repo (stands in for the live GitHub/GitLab/Bitbucket call). */
  repositories?: string[];
}

export interface ConversationRecord {
  conversation_id: string;
  selected_repository: string | null;
  selected_branch: string | null;
  git_provider: Provider | null;
  trigger: 'gui' | 'suggested_task' | 'microagent_management';
  created_at: string;
  /** The agent loop's status (STARTING, RUNNING, STOPPED) and its runtime's, as the list reports them. */
  status?: string;
  runtime_status?: string | null;
  title?: string | null;
  last_updated_at?: string;
}

interface StateData {
  settings: Record<string, unknown> | null;
  /** null = no secrets.json yet, which makes a repository check crash. */
  providerTokens: Partial<Record<Provider, StoredProviderToken>> | null;
  conversations: Record<string, ConversationRecord>;
  /** V1 settings.json (secrets in clear), as the Python JSON text: it holds floats and key order. */
  v1Settings: string | null;
}

// Python ints are unbounded, so a stored int may be a bigint, which JSON cannot hold as is.
const BIGINT = '$bigint';
const keepBigInt = (_key: string, value: unknown): unknown => (typeof value === 'bigint' ? { [BIGINT]: value.toString() } : value);
const reviveBigInt = (_key: string, value: unknown): unknown =>
  value !== null && typeof value === 'object' && BIGINT in value ? BigInt((value as Record<string, string>)[BIGINT]) : value;

const emptyState = (): StateData => ({ settings: null, providerTokens: null, conversations: {}, v1Settings: null });

export class ServerState {
  private data: StateData = emptyState();

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      this.data = { ...emptyState(), ...(JSON.parse(readFileSync(file, 'utf8'), reviveBigInt) as Partial<StateData>) };
    }
  }

  get settings(): Record<string, unknown> | null {
    return this.data.settings;
  }

  set settings(value: Record<string, unknown> | null) {
    this.data.settings = value;
    this.persist();
  }

  get v1Settings(): string | null {
    return this.data.v1Settings;
  }

  set v1Settings(value: string | null) {
    this.data.v1Settings = value;
    this.persist();
  }

  get providerTokens(): Partial<Record<Provider, StoredProviderToken>> | null {
    return this.data.providerTokens;
  }

  /**
   * Stores tokens as the real secrets store would: unknown providers are dropped by UserSecrets, and entries
   * without a token are skipped when secrets.json is written. The file exists afterwards even if nothing is left.
   */
  seedProviderTokens(seed: Record<string, ProviderTokenSeed>): void {
    const tokens: Partial<Record<Provider, StoredProviderToken>> = {};
    for (const [name, value] of Object.entries(seed)) {
      if (!(PROVIDERS as readonly string[]).includes(name) || !value?.token) continue;
      tokens[name as Provider] = {
        token: value.token,
        host: value.host ?? null,
        user_id: value.user_id ?? null,
        ...(value.repositories ? { repositories: [...value.repositories] } : {}),
      };
    }
    this.data.providerTokens = tokens;
    this.persist();
  }

  conversation(id: string): ConversationRecord | undefined {
    return this.data.conversations[id];
  }

  get conversations(): ConversationRecord[] {
    return Object.values(this.data.conversations);
  }

  /** Whether it held the conversation, which is gone now. */
  deleteConversation(id: string): boolean {
    if (!Object.hasOwn(this.data.conversations, id)) return false;
    delete this.data.conversations[id];
    this.persist();
    return true;
  }

  saveConversation(record: ConversationRecord): void {
    this.data.conversations[record.conversation_id] = record;
    this.persist();
  }

  reset(): void {
    this.data = emptyState();
    this.persist();
  }

  private persist(): void {
    if (!this.file) return;
    // Write then rename, so a crash never leaves a half-written state file behind.
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data, keepBigInt, 2));
    renameSync(tmp, this.file);
  }
}
