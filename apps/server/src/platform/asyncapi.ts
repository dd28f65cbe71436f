import {
  API_BASE,
  APP_VERSION,
  CHAT_CLOSE,
  CHAT_LIMITS,
  ChatClientFrame,
  ChatMessageOutput,
  ChatServerFrame,
} from '@polaris/contract';
import { z } from 'zod';
import { OPENAPI_PATH } from './openapi.ts';

type Json = Record<string, unknown>;

/** What each frame does, by direction and `type`; typed by the frame unions, so a new frame cannot go undescribed. */
const CLIENT_FRAMES: Record<ChatClientFrame['type'], string> = {
  subscribe:
    'Start receiving a room (the caller must be a member). With `afterSeq`, every message after it is delivered first (a resume after a reconnect); without it, only new ones. Answered by `subscribed`.',
  unsubscribe: 'Stop receiving a room.',
  send: 'Post a message (as `POST /chat/send`). Answered by `ack` with the same `clientId` (or `held` when the room holds it for an admin), or by `error` naming it; sending the same `clientId` again stores nothing new and answers the first.',
  typing: 'Tell the room the caller is typing (a few per window; more are dropped silently).',
  ping: 'Application-level ping; answered by `pong` with the same `id`.',
};
const SERVER_FRAMES: Record<ChatServerFrame['type'], string> = {
  message:
    'A message of a subscribed room. Per room, messages arrive in `seq` order with no gap and no duplicate; every message is stored before it is sent.',
  deleted: 'A message was deleted: show it as deleted.',
  subscribed: 'A `subscribe` took effect; `lastSeq` is the room’s newest sequence number.',
  typing: 'Someone else in the room is typing.',
  ack: 'A `send` was stored as message `seq` of `roomId`.',
  held: 'A `send` was stored but held for an admin’s approval (a first-time poster’s link): nobody else sees it; it gets a `seq` when approved, and `changed` with topic `chatHeld` tells its author when it is decided.',
  error:
    'A frame was refused: `code` is a business status (400 invalid, naming `field`; 403; 404; 409; 414; 468; 580), 413 for a frame over the size limit, 503 when a catch-up could not be read (the server then closes the socket; reconnect and resume). `clientId` names the refused `send`.',
  pong: 'The answer to a `ping`.',
  notice:
    'A new notice for the signed-in user (docs/notifications.md), with the unread counts after it: put it atop the inbox, show a badge or a banner.',
  read: 'Notices of the signed-in user were marked read, on this device or another: `ids`, or `all` (of `category` when given), with the unread counts after. Mark them read in the inbox held; nothing needs fetching again.',
  changed:
    'Something the signed-in user sees changed (`topic`: wallet, notices, chat, ticket, redpacket, bounty, membership, chatHeld; `ref` names the object): refresh what shows it. Sent to every socket of the user, whatever rooms it subscribes to.',
  reactions:
    'A message’s reactions changed: the counts after (keep the highest `rev`), and the change (`uid` gave or took back `emoji`), from which the reader’s own `mine` follows.',
  edited: 'Its author edited a message: its text and mentions now, and when.',
  pins: 'The room’s pinned messages changed: all of them now, the latest pinned first.',
  poll: 'A poll of a subscribed room got a vote or was closed: its new results, the same for every member. Keep the copy with the highest `version`.',
};

const DESCRIPTION = `The chat WebSocket: one connection per client, JSON text frames \`{ type, ... }\` both ways.

**Connecting.** \`GET ${API_BASE}/ws\` with an upgrade, authenticated like any API call before the upgrade: the
\`token\` header, or (browsers cannot set headers on a WebSocket) the \`token\` query parameter. No token: the
upgrade is refused with the envelope status 401; a bad one: 9999. The \`locale\` header or query parameter sets
the language of error messages.

**Frames.** A client sends \`subscribe\`, \`unsubscribe\`, \`send\`, \`typing\` and \`ping\`; the server sends
\`message\`, \`deleted\`, \`subscribed\`, \`typing\`, \`ack\`, \`error\` and \`pong\`. A malformed or refused frame
is answered with an \`error\` frame and the connection stays open. Frames of one connection are handled in order.
A frame over ${CHAT_LIMITS.frameBytes} bytes is answered with \`error\` code 413; one over 1 MiB closes the
connection. A client may send ${CHAT_LIMITS.sendsPerWindow} messages per member and room per ${CHAT_LIMITS.windowSeconds} s.

**Ordering and resume.** Every message has a per-room sequence number \`seq\`. A client keeps the highest \`seq\`
it holds per room; after any disconnect it reconnects and sends \`subscribe\` with \`afterSeq\` set to it, and
receives everything after it once, in order, then live messages. History beyond that is \`GET ${API_BASE}/chat/messages\`.

**Close codes.** Besides the WebSocket's own, the server closes with ${Object.values(CHAT_CLOSE)
  .map(({ code, reason }) => `${code} \`${reason}\``)
  .join(', ')}: after ${CHAT_CLOSE.sessionEnded.code} do not reconnect with that token (sign in again); after \
${CHAT_CLOSE.tooManySockets.code} retry slowly; after ${CHAT_CLOSE.restart.code} (the node is draining) reconnect at once and \
resume as above.

**Liveness.** The server sends WebSocket pings and closes a connection that did not answer the previous one;
clients answer pings automatically (browsers do). The application-level \`ping\` frame is for clients that want
their own round trip.

The HTTP API is described by the OpenAPI document at \`${API_BASE}${OPENAPI_PATH}\`.`;

const pascal = (word: string) => word[0]!.toUpperCase() + word.slice(1);
const COMPONENTS = '#/components/schemas/';

/** The frame schemas as JSON Schema (draft-07, AsyncAPI's schema format), the shared message under its name. */
function frameSchemas() {
  const registry = z.registry<{ id: string }>();
  registry.add(ChatMessageOutput, { id: 'ChatMessage' });
  const client = ChatClientFrame.options.map((option) => {
    const type = option.shape.type.value;
    const id = `Client${pascal(type)}Frame`;
    registry.add(option, { id });
    return { type, id };
  });
  const server = ChatServerFrame.options.map((option) => {
    const type = option.shape.type.value;
    const id = `Server${pascal(type)}Frame`;
    registry.add(option, { id });
    return { type, id };
  });
  // A client frame is read as input (defaults optional), a server frame is written as output.
  const convert = (io: 'input' | 'output') =>
    (
      z.toJSONSchema(registry, {
        io,
        target: 'draft-07',
        unrepresentable: 'any',
        uri: (id) => `${COMPONENTS}${id}`,
      }) as { schemas: Record<string, Json> }
    ).schemas;
  const input = convert('input');
  const output = convert('output');
  const schemas: Record<string, Json> = { ChatMessage: output.ChatMessage! };
  for (const { id } of client) schemas[id] = input[id]!;
  for (const { id } of server) schemas[id] = output[id]!;
  for (const schema of Object.values(schemas)) {
    delete schema.$id;
    delete schema.$schema;
  }
  return { schemas, client, server };
}

/** The AsyncAPI 3.0 document of the chat WebSocket, built from the contract's frame schemas. */
export function buildAsyncApi(): Json {
  const { schemas, client, server } = frameSchemas();
  const messages: Record<string, Json> = {};
  const channelMessages: Record<string, Json> = {};
  const operations: Record<string, Json> = {};
  for (const [direction, frames, texts] of [
    ['client', client, CLIENT_FRAMES],
    ['server', server, SERVER_FRAMES],
  ] as const) {
    for (const { type, id } of frames) {
      const name = `${direction}${pascal(type)}`;
      messages[name] = {
        name: type,
        title: `${type} (${direction === 'client' ? 'client to server' : 'server to client'})`,
        summary: (texts as Record<string, string>)[type],
        contentType: 'application/json',
        payload: { $ref: `${COMPONENTS}${id}` },
      };
      channelMessages[name] = { $ref: `#/components/messages/${name}` };
      operations[direction === 'client' ? `send${pascal(type)}` : `receive${pascal(type)}`] = {
        action: direction === 'client' ? 'send' : 'receive',
        title: (texts as Record<string, string>)[type]!.split('.')[0],
        channel: { $ref: '#/channels/chat' },
        messages: [{ $ref: `#/channels/chat/messages/${name}` }],
      };
    }
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Polaris chat WebSocket',
      version: APP_VERSION,
      description: DESCRIPTION,
      externalDocs: { description: 'The HTTP API (OpenAPI 3.1)', url: `${API_BASE}${OPENAPI_PATH}` },
    },
    defaultContentType: 'application/json',
    servers: {
      polaris: {
        host: '{host}',
        protocol: 'wss',
        pathname: API_BASE,
        description: 'The same host as the HTTP API (`ws` without TLS on a local machine).',
        variables: { host: { default: 'localhost:3000', description: 'The API’s host and port' } },
        security: [{ $ref: '#/components/securitySchemes/token' }, { $ref: '#/components/securitySchemes/tokenQuery' }],
      },
    },
    channels: {
      chat: {
        address: '/ws',
        title: 'Chat',
        description: 'Every room the connection subscribes to, over one socket.',
        messages: channelMessages,
        bindings: {
          ws: {
            method: 'GET',
            query: {
              type: 'object',
              properties: {
                token: { type: 'string', description: 'The session token, where a header cannot be sent' },
                locale: { type: 'string', description: 'Language of error messages' },
              },
            },
            headers: {
              type: 'object',
              properties: {
                token: { type: 'string', description: 'The session token' },
                locale: { type: 'string', description: 'Language of error messages' },
              },
            },
            bindingVersion: '0.1.0',
          },
        },
      },
    },
    operations,
    components: {
      schemas,
      messages,
      securitySchemes: {
        token: { type: 'httpApiKey', name: 'token', in: 'header', description: 'The session token from a sign-in' },
        tokenQuery: {
          type: 'httpApiKey',
          name: 'token',
          in: 'query',
          description: 'The same token as a query parameter (browsers cannot set WebSocket headers)',
        },
      },
    },
  };
}
