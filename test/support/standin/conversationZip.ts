// GET /api/v1/app-conversations/{id}/download of OpenHands 1.11.0 (and 1.6.0): the conversation's zip, as
// live_status_app_conversation_service.py writes it: `meta.json` (the stored conversation info, indent 2), then
// `event_NNNNNN_<event id>.json` per event, oldest first (json.dumps, indent 2). No workspace files. An unknown
// conversation is a 404 "Conversation not found: <uuid>". Stored entries (the real one deflates): a reader takes
// either.
import { crc32 } from 'node:zlib';
import { type Reply, detailReply } from './http';
import { type V1ConversationRecord, conversationJson } from './v1Conversations';
import { dashedUuid } from './v1ConversationRoutes';

/** AppConversation fields the stored info (AppConversationInfo) does not have: they come from the sandbox. */
const NOT_STORED = ['sandbox_status', 'execution_status', 'conversation_url', 'session_api_key'];

export function conversationZip(conversation: V1ConversationRecord | undefined, hex: string | null, mixed: boolean): Reply {
  if (!conversation || hex === null) return detailReply(404, `Conversation not found: ${hex === null ? '' : dashedUuid(hex)}`);
  const meta = conversationJson(conversation, mixed);
  for (const key of NOT_STORED) delete meta[key];
  const entries: [string, string][] = [['meta.json', JSON.stringify(meta, null, 2)]];
  conversation.log.events.forEach((event, i) => entries.push([`event_${String(i).padStart(6, '0')}_${event.id}.json`, JSON.stringify(event, null, 2)]));
  return {
    status: 200, body: '', raw: zipOf(entries), contentType: 'application/zip',
    headers: { 'content-disposition': `attachment; filename="conversation_${dashedUuid(hex)}.zip"` },
  };
}

/** A zip of stored (uncompressed) entries: local headers, then the central directory and its end record. */
function zipOf(entries: readonly [name: string, text: string][]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const fields = { crc: crc32(data), size: data.length, nameLength: nameBytes.length };
    const local = Buffer.concat([header(0x04034b50, fields), nameBytes, data]);
    central.push(Buffer.concat([header(0x02014b50, fields, offset), nameBytes]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A local file header (`at` undefined) or a central directory entry, for a stored entry with a UTF-8 name. */
function header(signature: number, { crc, size, nameLength }: { crc: number; size: number; nameLength: number }, at?: number): Buffer {
  const central = at !== undefined;
  const out = Buffer.alloc(central ? 46 : 30);
  let p = 0;
  const u16 = (value: number) => { out.writeUInt16LE(value, p); p += 2; };
  const u32 = (value: number) => { out.writeUInt32LE(value >>> 0, p); p += 4; };
  u32(signature);
  if (central) u16(20); // made by
  u16(20); // needed to extract
  u16(0x0800); // UTF-8 names
  u16(0); // stored
  u16(0); u16(0x21); // time, date: 1980-01-01
  u32(crc); u32(size); u32(size);
  u16(nameLength); u16(0);
  if (central) { u16(0); u16(0); u16(0); u32(0); u32(at); }
  return out;
}
