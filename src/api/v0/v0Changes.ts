// The agent's changes on a V0 server (0.5x): `GET /api/conversations/{id}/git/changes`, deprecated but served,
// answers `[{"status":"M"|"A"|"D"|"U","path":"…"}]` against the runtime's own default base (the origin branch,
// else the empty tree): it takes no ref. A rename comes as D + A; `U` (unmerged) is a modification.
// 404 `{"error":"Not a git repository"}` where the workspace is none: no changes to list then.
import * as z from 'zod/mini';
import { readAnswer } from '../http/answers';
import type { CallOptions, Transport } from '../http/transport';
import type { ChangeList, ChangeStatus } from '../model/changes';
import { isRecord } from '../guards';

const V0ChangeList = z.array(z.looseObject({ status: z.enum(['M', 'A', 'D', 'U']), path: z.string() }));
const STATUS: Record<z.infer<typeof V0ChangeList>[number]['status'], ChangeStatus> = {
  M: 'modified', A: 'added', D: 'deleted', U: 'modified',
};

export async function listV0Changes(transport: Transport, id: string, call?: CallOptions): Promise<ChangeList> {
  const answer = await transport.send('GET', `/api/conversations/${encodeURIComponent(id)}/git/changes`, undefined, call);
  const base = { ref: null, reason: 'server-default' } as const;
  if (answer.status === 404 && isRecord(answer.body) && answer.body.error === 'Not a git repository') return { base, files: [] };
  const list = readAnswer(answer, V0ChangeList);
  return { base, files: list.map((change) => ({ path: change.path, status: STATUS[change.status] })) };
}
