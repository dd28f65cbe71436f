import { Status } from '@polaris/contract';
import { FieldsError } from '../../platform/errors.ts';
import { looksAlike } from './confusable.ts';
import { adminNames, displayNameOf, roomRules, saveRoomRules, sharedRoomAdmins } from './guard.store.ts';
import { hasPublished } from './held.store.ts';
import { authorize, canEditSettings, isAdmin, type Member } from './policy.ts';
import type { Caller, ChatRoomAccess } from './room-access.ts';
import type { MemberRow, RoomRow, RoomRulesRow } from './store.ts';

/** Web links as the client marks them, and bare domains people type to get around that. */
const LINK =
  /\b(?:https?:\/\/|www\.)\S|\b[a-z0-9-]+\.(?:com|net|org|io|xyz|app|me|co|info|gg|ly|link|top|cc|tk|ru|cn)\b/iu;

/** Text as it is compared with blocked words: NFKC (full-width is plain), lower case. */
const normaliseWords = (text: string) => text.normalize('NFKC').toLowerCase();

const hasLink = (text: string) => LINK.test(normaliseWords(text));

/**
 * A room's automatic moderation (docs/chat.md "Blocks, reports and automatic moderation"): blocked words, links
 * from new members, and names that pass for an admin's. Admins are not held by the first two (they set them); a
 * refused message is never stored.
 */
export class ChatAutomodService {
  constructor(private readonly access: ChatRoomAccess) {}

  private get db() {
    return this.access.db;
  }

  async rules(user: Caller, roomId: string) {
    const { room, member } = await this.access.membership(user.id, roomId);
    authorize(true, canEditSettings(room, member));
    const row = await roomRules(this.db, room.id);
    return {
      blockedWords: row?.blockedWords ?? [],
      linkMinHours: row?.linkMinHours ?? 0,
      holdFirstLinks: row?.holdFirstLinks ?? false,
    };
  }

  async setRules(
    user: Caller,
    input: { roomId: string; blockedWords: string[]; linkMinHours: number; holdFirstLinks: boolean },
  ) {
    const { room, member } = await this.access.membership(user.id, input.roomId);
    authorize(true, canEditSettings(room, member));
    const words = [...new Set(input.blockedWords.map((word) => normaliseWords(word).trim()).filter(Boolean))];
    const row = await saveRoomRules(
      this.db,
      room.id,
      { blockedWords: words, linkMinHours: input.linkMinHours, holdFirstLinks: input.holdFirstLinks },
      this.access.deps.now(),
    );
    return { blockedWords: row.blockedWords, linkMinHours: row.linkMinHours, holdFirstLinks: row.holdFirstLinks };
  }

  /**
   * Refuses a member whose display name looks like (`looksAlike`) the name of one of the room's owner and admins:
   * asked when they join and at every message, since a name can change after joining.
   */
  async refuseImpersonation(roomId: number, userId: number, member: Member | undefined, name?: string | null) {
    if (isAdmin(member)) return;
    const own = name === undefined ? await displayNameOf(this.db, userId) : name;
    if (!own) return;
    const admins = await adminNames(this.db, roomId, userId);
    if (admins.some((admin) => looksAlike(own, admin))) {
      throw new FieldsError([{ field: 'name', messageKey: 'chat.nameLikeAdmin' }], Status.noPermission);
    }
  }

  /**
   * A direct chat's warning: the other person's name passes for an admin's of a room both are in (a scammer
   * posing as a community's admin in private messages). The first such room, or null.
   */
  async impersonationWarning(userId: number, peerId: number, peerName: string | null) {
    if (!peerName) return null;
    for (const shared of await sharedRoomAdmins(this.db, userId, peerId)) {
      if (shared.adminName && looksAlike(peerName, shared.adminName)) {
        return { roomId: shared.roomId, roomName: shared.roomName, adminName: shared.adminName };
      }
    }
    return null;
  }

  /**
   * The room's rules over a text message about to be sent by a member (admins are not held by them): throws when
   * a rule refuses it; answers true when it is to be held for an admin's approval (a link from a member who never
   * had a message published here, with `holdFirstLinks` on).
   */
  async checkSend(
    room: RoomRow,
    member: MemberRow,
    name: string | null,
    text: string,
    /** The room's rules when the caller read them already (`ChatRoomAccess.senderMembership`); null: it has none. */
    known?: RoomRulesRow | null,
  ): Promise<boolean> {
    if (room.kind === 'direct') return false;
    await this.refuseImpersonation(room.id, member.userId, member, name);
    if (isAdmin(member) || !text) return false;
    const rules = known === undefined ? await roomRules(this.db, room.id) : known;
    if (!rules) return false;
    const normal = normaliseWords(text);
    if (rules.blockedWords.some((word) => normal.includes(word))) {
      throw new FieldsError([{ field: 'text', messageKey: 'chat.blockedWord' }]);
    }
    const since = this.access.deps.now().getTime() - rules.linkMinHours * 3_600_000;
    if (rules.linkMinHours > 0 && member.joinedAt.getTime() > since && hasLink(text)) {
      throw new FieldsError([{ field: 'text', messageKey: 'chat.linkTooSoon', params: { hours: rules.linkMinHours } }]);
    }
    return rules.holdFirstLinks && hasLink(text) && !(await hasPublished(this.db, room.id, member.userId));
  }
}
