import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  DEFAULT_DELIVERY,
  DIGEST_MAX_ITEMS,
  DIGEST_MEMBERS_PER_RUN,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_SHOWN,
  SUPPORTED_LANGUAGES,
  type NotificationDelivery,
  type NotificationKind,
} from "~/lib/constants";
import { composeEmail, LINK_PLACEHOLDER, unsubscribeBlocks, unsubscribeUrl } from "~/lib/email";
import { i18nextFor } from "~/lib/i18n.server";
import { notificationLabel, notificationValues, type NotificationData } from "~/lib/notifications";
import { siteLink, type SiteUrl } from "~/lib/site";
import { queueEmail } from "~/models/outbox.server";
import type { Database } from "../../db/client";
import { notifications, notificationSettings, profiles, users } from "../../db/schema";

type D1 = Database["$client"];

export type { NotificationKind };

/**
 * Something that happened, told to the members it concerns: `fromSql` (a FROM … WHERE clause over
 * the event's own rows, with the placeholders of `params`) yields a row per member to tell,
 * `recipientSql` names the member in it and `linkSql` where it leads. What the label names is
 * either `dataSql` (JSON from the event's rows; its e-mail then names nothing) or `data`, known
 * before the batch, which the e-mail names too (a quote's supplier, product and total; a
 * verification's outcome and reason).
 */
export type NotificationEvent = {
  kind: NotificationKind;
  recipientSql: string;
  linkSql: string;
  fromSql: string;
  params: unknown[];
} & ({ dataSql: string; data?: never } | { data: NotificationData; dataSql?: never });

/**
 * The statements that tell an event, for the event's own batch: the notifications (each with the
 * e-mail delivery the member chose for its kind, or the kind's default), then the e-mails of
 * those that go at once, queued in the outbox. A refused event writes no row, so it tells nobody.
 * `site` is where the links lead (SITE_URL).
 */
export function notifyStatements(d1: D1, event: NotificationEvent, site: SiteUrl, now = Date.now()) {
  const { kind, recipientSql, linkSql, fromSql, params } = event;
  const dataSql = event.data ? `?${params.length + 1}` : event.dataSql;
  const delivery = `coalesce((select s.delivery from notification_settings s where s.user_id = ${recipientSql} and s.kind = '${kind}'), '${DEFAULT_DELIVERY[kind]}')`;
  return [
    d1
      .prepare(
        `insert into notifications (id, user_id, kind, data, link, delivery, created_at)
         select lower(hex(randomblob(16))), ${recipientSql}, '${kind}', ${dataSql}, ${linkSql}, ${delivery}, ${now} ${fromSql}`,
      )
      .bind(...params, ...(event.data ? [JSON.stringify(event.data)] : [])),
    ...queueInstantEmails(d1, kind, site, now, event.data),
  ];
}

/** A notification's e-mail of one kind in every language: what happened (with what `data` names, in the reader's words), and a link to it. */
function instantEmails(kind: NotificationKind, site: SiteUrl, data: NotificationData | undefined) {
  return SUPPORTED_LANGUAGES.map((locale) => {
    const { t } = i18nextFor(locale);
    const values = data ? notificationValues(t, data, locale) : {};
    return composeEmail(t(`notifications.email.${kind}.subject`, values), [
      t("notifications.email.hello"),
      t(`notifications.email.${kind}.text`, values),
      { label: t("notifications.email.open"), href: LINK_PLACEHOLDER },
      t("email.signature"),
      ...unsubscribeBlocks(t, site),
    ]);
  });
}

/**
 * Queues the e-mail of every notification of `kind` that the event's batch wrote (its time is the
 * batch's) and that goes at once, each in its member's language with its own link, and marks
 * them: in the event's batch (a transaction), so each is queued once, with its own event's words.
 */
function queueInstantEmails(d1: D1, kind: NotificationKind, site: SiteUrl, now: number, data: NotificationData | undefined) {
  const emails = instantEmails(kind, site, data);
  // ?1 kind, ?2 now, ?3 the site (SITE_URL), ?4 the unsubscribe link; then subject, text, html per language.
  // A notification's link is a path of the site: `?3 || n.link` is siteLink written in SQL.
  const part = (offset: number) =>
    `case p.language ${SUPPORTED_LANGUAGES.map((lang, i) => `when '${lang}' then ?${5 + 3 * i + offset}`).join(" ")} else ?${5 + offset} end`;
  const withLink = (offset: number) => `replace(${part(offset)}, '${LINK_PLACEHOLDER}', ?3 || n.link)`;
  const pending = "n.kind = ?1 and n.delivery = 'instant' and n.emailed_at is null and n.created_at = ?2";
  return [
    d1
      .prepare(
        `insert into outbox (id, user_id, to_email, language, kind, subject, text, html, status, attempts, next_attempt_at, created_at, unsubscribe_topic, unsubscribe_url)
         select lower(hex(randomblob(16))), u.id, u.email, p.language, ?1, ${part(0)}, ${withLink(1)}, ${withLink(2)}, 'pending', 0, ?2, ?2, 'notification:' || ?1, ?4
         from notifications n join users u on u.id = n.user_id join profiles p on p.id = n.user_id where ${pending}`,
      )
      .bind(kind, now, site, unsubscribeUrl(site), ...emails.flatMap((e) => [e.subject, e.text, e.html])),
    d1.prepare(`update notifications as n set emailed_at = ?2 where ${pending}`).bind(kind, now),
  ];
}

/** The member's newest notifications, and how many are unread. */
export async function listNotifications(db: Database, userId: string) {
  const [rows, [{ unread }]] = await db.batch([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        data: notifications.data,
        link: notifications.link,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_SHOWN),
    db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { rows, unread };
}

export async function markAllRead(db: Database, userId: string) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** The member's delivery for every kind: their choice, or the kind's default. */
export async function getNotificationSettings(db: Database, userId: string) {
  const rows = await db
    .select({ kind: notificationSettings.kind, delivery: notificationSettings.delivery })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const chosen = new Map(rows.map((r) => [r.kind, r.delivery]));
  return NOTIFICATION_KINDS.map((kind) => ({ kind, delivery: chosen.get(kind) ?? DEFAULT_DELIVERY[kind] }));
}

/** Saves the member's delivery for each kind given (one statement). */
export async function saveNotificationSettings(
  db: Database,
  userId: string,
  settings: Partial<Record<NotificationKind, NotificationDelivery>>,
) {
  const values = Object.entries(settings).map(([kind, delivery]) => ({ userId, kind, delivery: delivery! }));
  if (values.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(values)
    .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.kind], set: { delivery: sql`excluded.delivery` } });
}

/** A day, less an hour so that the scheduled runs' own drift never skips a day. */
export const DIGEST_INTERVAL_MS = 23 * 60 * 60 * 1000;

/**
 * The daily digest, one bounded batch per scheduled run: up to DIGEST_MEMBERS_PER_RUN members
 * with notifications waiting for it and no digest within the day get one e-mail each (in their
 * language) listing the newest DIGEST_MAX_ITEMS with links, queued and marked in one batch.
 * Returns how many digests were queued.
 */
export async function queueDailyDigests(db: Database, site: SiteUrl, now = Date.now()) {
  const waiting = db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .innerJoin(profiles, eq(profiles.id, notifications.userId))
    .where(
      and(
        eq(notifications.delivery, "daily"),
        isNull(notifications.emailedAt),
        sql`coalesce(${profiles.digestSentAt}, 0) <= ${now - DIGEST_INTERVAL_MS}`,
      ),
    )
    .limit(DIGEST_MEMBERS_PER_RUN);
  const rows = await db
    .select({
      userId: notifications.userId,
      email: users.email,
      language: profiles.language,
      fullName: profiles.fullName,
      kind: notifications.kind,
      data: notifications.data,
      link: notifications.link,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(profiles, eq(profiles.id, notifications.userId))
    .where(and(eq(notifications.delivery, "daily"), isNull(notifications.emailedAt), inArray(notifications.userId, waiting)))
    .orderBy(asc(notifications.userId), desc(notifications.createdAt));
  if (rows.length === 0) return 0;
  const byMember = new Map<string, typeof rows>();
  for (const row of rows) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row]);
  const statements = [...byMember.values()].flatMap((items) => {
    const [{ userId, email, language, fullName, createdAt: newest }] = items;
    const { t } = i18nextFor(language);
    const shown = items.slice(0, DIGEST_MAX_ITEMS);
    const message = composeEmail(t("notifications.digest.subject", { count: items.length }), [
      t("email.greeting", { name: fullName }),
      t("notifications.digest.intro"),
      ...shown.map((n) => ({ label: notificationLabel(t, n.kind, n.data, language), href: siteLink(site, n.link) })),
      ...(items.length > shown.length ? [t("notifications.digest.more", { count: items.length - shown.length })] : []),
      { label: t("notifications.digest.all"), href: siteLink(site, "/notifications") },
      t("email.signature"),
      ...unsubscribeBlocks(t, site),
    ]);
    return [
      queueEmail(
        db,
        { userId, to: email, language, kind: "digest", ...message, unsubscribeTopic: "digest", unsubscribeUrl: unsubscribeUrl(site) },
        now,
      ),
      db
        .update(profiles)
        .set({ digestSentAt: new Date(now) })
        .where(eq(profiles.id, userId)),
      db
        .update(notifications)
        .set({ emailedAt: new Date(now) })
        // Only what the digest lists: a notification written meanwhile waits for the next one.
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.delivery, "daily"),
            isNull(notifications.emailedAt),
            lte(notifications.createdAt, newest),
          ),
        ),
    ];
  });
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return byMember.size;
}

/** One-click unsubscribe of a notification e-mail: that kind (or, for a digest, every daily kind) goes off. */
export async function unsubscribeFromNotifications(db: Database, userId: string, topic: string) {
  const settings = await getNotificationSettings(db, userId);
  const kinds =
    topic === "digest"
      ? settings.filter((s) => s.delivery === "daily").map((s) => s.kind)
      : settings.filter((s) => `notification:${s.kind}` === topic).map((s) => s.kind);
  await saveNotificationSettings(db, userId, Object.fromEntries(kinds.map((kind) => [kind, "off" as const])));
  return kinds;
}
