// POST /api/conversations of OpenHands 0.54.0 (server/routes/manage_conversations.py and
// server/services/conversation_service.py), with the git provider call replaced by the seeded token list.
import { randomUUID } from 'node:crypto';
import { type Body, type Reply, jsonReply, validateBody } from './http';
import { type InitSessionRequest, PROMPTABLE_TASK_TYPES, type Provider, initSessionRequestModel } from './models';
import { pyIsSpace } from './pyText';
import { type ConversationRecord, type ServerState, type StoredProviderToken } from './state';
import { ServerCrash, type Validator } from './validators';

// Providers ProviderHandler has a service class for; an enterprise_sso token never reaches a repo.
const SERVICE_PROVIDERS: Provider[] = ['github', 'gitlab', 'bitbucket'];

const errorReply = (message: string, msgId: string): Reply => jsonReply(400, { status: 'error', message, msg_id: msgId });

function canReach(tokens: Partial<Record<Provider, StoredProviderToken>>, repository: string): boolean {
  // verify_repo_provider tries the named provider first, then every stored one: any success is enough.
  return SERVICE_PROVIDERS.some((p) => {
    const token = tokens[p];
    return token !== undefined && (token.repositories === undefined || token.repositories.includes(repository));
  });
}

export class ConversationRoutes {
  private readonly model: Validator;

  constructor(
    private readonly state: ServerState,
    allowSetConversationId: boolean,
  ) {
    this.model = initSessionRequestModel(allowSetConversationId);
  }

  create(body: Body): Reply {
    const result = validateBody<InitSessionRequest>(this.model, body);
    if ('reply' in result) return result.reply;
    const data = result.value;
    let repository = data.repository;
    let gitProvider = data.git_provider;
    let trigger: ConversationRecord['trigger'] = 'gui';
    if (data.suggested_task) {
      // get_prompt_for_task raises ValueError outside the handler's try: unhandled, so a plain 500.
      const task = data.suggested_task;
      if (!PROMPTABLE_TASK_TYPES.has(task.task_type)) throw new ServerCrash(`Unsupported task type: ${task.task_type}`);
      if (!SERVICE_PROVIDERS.includes(task.git_provider)) throw new ServerCrash(`Provider ${task.git_provider} for suggested task prompts`);
      trigger = 'suggested_task';
    } else if (data.create_microagent) {
      trigger = 'microagent_management';
      const { repo, git_provider } = data.create_microagent;
      if (!repository && repo) repository = repo;
      if (!gitProvider && git_provider) gitProvider = git_provider;
    }

    if (repository) {
      const tokens = this.state.providerTokens;
      // No secrets.json: ProviderHandler(None) raises TypeError, which nothing catches.
      if (tokens === null) throw new ServerCrash('provider_tokens must be a MappingProxyType, got NoneType');
      if (!canReach(tokens, repository)) return errorReply(`Unable to access repo ${repository}`, 'STATUS$GIT_PROVIDER_AUTHENTICATION_ERROR');
    }

    const conversationId = data.conversation_id || randomUUID().replace(/-/g, '');
    // 0.54.0 saves the metadata before loading settings, so the 400s below still leave the conversation behind.
    if (!this.state.conversation(conversationId)) {
      this.state.saveConversation({
        conversation_id: conversationId,
        selected_repository: repository,
        selected_branch: data.selected_branch,
        git_provider: gitProvider,
        trigger,
        created_at: new Date().toISOString(),
      });
    }

    const settings = this.state.settings;
    if (!settings) return errorReply('Settings not found', 'CONFIGURATION$SETTINGS_NOT_FOUND');
    const key = settings.llm_api_key;
    if (typeof key !== 'string' || !key || pyIsSpace(key)) {
      return errorReply('Error authenticating with the LLM provider. Please check your API key', 'STATUS$ERROR_LLM_AUTHENTICATION');
    }

    this.state.saveConversation({ ...this.state.conversation(conversationId)!, status: 'STARTING', runtime_status: null });
    // The status is RUNNING only once the conversation's runtime has initialized (_get_status_from_session in
    // standalone_conversation_manager.py); the answer never waits for that. This stand-in starts no runtime, like
    // the real server without a Docker engine (OBSERVED.md §6, #131), so a repeated id is STARTING too.
    return jsonReply(200, { status: 'ok', conversation_id: conversationId, message: null, conversation_status: 'STARTING' });
  }
}
