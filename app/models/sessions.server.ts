import { eq, inArray, lt, sql } from "drizzle-orm";
import { FIRST_VISIT_MAX_AGE_MS, type ProfilePlan } from "~/lib/constants";
import type { User } from "~/models/users.server";
import type { Database } from "../../db/client";
import { sessions } from "../../db/schema";

interface Session {
  id: string;
  userId: string | null;
  isAdmin: boolean;
  expiresAt: Date;
}

/** Who is asking, read in one query: the live session, its member, the cart's item count and unread requests. */
export interface Viewer {
  session: Session | null;
  user: User | null;
  cartCount: number;
  /** Requests addressed to the member that they have not opened yet (the header's Inbox count). */
  inboxUnread: number;
  /** Notifications not read yet (the header's bell). */
  notificationsUnread: number;
  /** The member's first visit: the home page says 'Welcome', not 'Welcome back' (see `isFirstVisit`). */
  firstVisit: boolean;
}

/**
 * A member's first visit: the account is less than FIRST_VISIT_MAX_AGE_MS old and this is its
 * earliest session still open (sign-up signs nobody in, so the first is the first sign-in after
 * it). A later sign-in, while that one lasts, is welcomed back; one after signing out, on the
 * account's first day, is welcomed again.
 */
export function isFirstVisit(accountCreatedAt: number, earliestSession: boolean, now = Date.now()) {
  return earliestSession && now - accountCreatedAt < FIRST_VISIT_MAX_AGE_MS;
}

type ViewerRow = {
  session_id: string | null;
  user_id: string | null;
  is_admin: number | null;
  expires_at: number | null;
  email: string | null;
  full_name: string | null;
  company_name: string | null;
  plan: string | null;
  member_cart_count: number;
  guest_cart_count: number;
  guest_cart: number;
  inbox_unread: number;
  notifications_unread: number;
  email_verified: number | null;
  account_created_at: number | null;
  earliest_session: number | null;
};

/**
 * One round trip for what every page needs: the session (if live: not expired, and not of a
 * suspended member, whatever survived the suspension), the member it belongs to,
 * and the number of items in their cart (the account's when signed in, else the guest cart's,
 * which counts only while it belongs to nobody). `guestCartValid` says whether that cart exists.
 */
export async function findViewer(db: Database, sessionId: string | null, guestCartId: string | null, now = Date.now()) {
  const [row] = await db.all<ViewerRow>(sql`
    with s as (
      select s.id, s.user_id, s.is_admin, s.expires_at, s.created_at from sessions s where s.id = ${sessionId} and s.expires_at > ${now}
        and not exists (select 1 from users x where x.id = s.user_id and x.suspended_at is not null)
    ), u as (
      select u.id, u.email, u.email_verified_at is not null as email_verified, u.created_at, p.full_name, p.company_name, p.membership_plan from s
      join users u on u.id = s.user_id join profiles p on p.id = u.id
    )
    select s.id as session_id, s.user_id, s.is_admin, s.expires_at, u.created_at as account_created_at,
      case when u.created_at > ${now - FIRST_VISIT_MAX_AGE_MS}
        then not exists (select 1 from sessions o where o.user_id = s.user_id and o.created_at < s.created_at) else 0 end as earliest_session,
      u.email, u.full_name, u.company_name, u.membership_plan as plan, u.email_verified,
      coalesce((select sum(ci.quantity) from carts c join cart_items ci on ci.cart_id = c.id where c.user_id = u.id), 0) as member_cart_count,
      coalesce((select sum(ci.quantity) from cart_items ci where ci.cart_id = ${guestCartId}
        and exists (select 1 from carts c where c.id = ${guestCartId} and c.user_id is null)), 0) as guest_cart_count,
      exists (select 1 from carts c where c.id = ${guestCartId} and c.user_id is null) as guest_cart,
      (select count(*) from inquiries i where i.supplier_id = u.id and i.supplier_read_at is null) as inbox_unread,
      (select count(*) from notifications n where n.user_id = u.id and n.read_at is null) as notifications_unread
    from (select 1) left join s on 1 left join u on u.id = s.user_id`);
  const session: Session | null = row?.session_id
    ? { id: row.session_id, userId: row.user_id, isAdmin: !!row.is_admin, expiresAt: new Date(row.expires_at!) }
    : null;
  const user: User | null =
    row?.email && row.user_id
      ? {
          id: row.user_id,
          email: row.email,
          fullName: row.full_name!,
          companyName: row.company_name,
          plan: row.plan as ProfilePlan,
          emailVerified: !!row.email_verified,
        }
      : null;
  return {
    viewer: {
      session,
      user,
      cartCount: user ? row.member_cart_count : (row?.guest_cart_count ?? 0),
      inboxUnread: user ? row.inbox_unread : 0,
      notificationsUnread: user ? row.notifications_unread : 0,
      firstVisit: !!user && isFirstVisit(row.account_created_at!, !!row.earliest_session, now),
    } satisfies Viewer,
    guestCartValid: !!row?.guest_cart,
  };
}

/**
 * Starts a session row and ends the previous one (if any) in the same batch. The insert itself
 * refuses a suspended member (a sign-in whose password was checked before a suspension landed
 * must not outlive it), and only then is the previous session ended. False when refused.
 */
export async function replaceSession(
  db: Database,
  previousId: string | null,
  values: { id: string; userId: string | null; isAdmin: boolean; expiresAt: Date },
) {
  const d1 = db.$client;
  const insert = d1
    .prepare(
      `insert into sessions (id, user_id, is_admin, expires_at, created_at) select ?1, ?2, ?3, ?4, ?5
       where ?2 is null or exists (select 1 from users where id = ?2 and suspended_at is null)`,
    )
    .bind(values.id, values.userId, values.isAdmin ? 1 : 0, values.expiresAt.getTime(), Date.now());
  const [inserted] = previousId
    ? await d1.batch([
        insert,
        d1.prepare("delete from sessions where id = ?1 and exists (select 1 from sessions where id = ?2)").bind(previousId, values.id),
      ])
    : [await insert.run()];
  return (inserted.meta?.changes ?? 0) > 0;
}

export async function extendSession(db: Database, id: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Expired sessions, at most `batch` per call (the sweeper calls it until done). */
export async function deleteExpiredSessions(db: Database, batch: number, now = new Date()) {
  const expired = db.select({ id: sessions.id }).from(sessions).where(lt(sessions.expiresAt, now)).limit(batch);
  const rows = await db.delete(sessions).where(inArray(sessions.id, expired)).returning({ id: sessions.id });
  return rows.length;
}
