import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { formatDate } from "../../../lib/format";
import type { MembersQuery, Role } from "../../../gql/graphql";
import { CuratorVillages } from "../../curation";
import { useGrantRoleMutation, useMembersQuery, useRevokeRoleMutation } from "../generated";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { Button } from "../../../ui/Button";

const GRANTABLE: Role[] = ["ADMIN", "MODERATOR", "MUNICIPAL_OFFICER", "INVESTOR_VERIFIED", "DNA_SPECIALIST", "LOCAL_ROOT_CURATOR", "EDITOR"];
type Member = MembersQuery["members"]["edges"][number]["node"];

function MemberRow({ member }: { member: Member }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [role, setRole] = useState<Role>("EDITOR");
  const [expires, setExpires] = useState("");
  const [reason, setReason] = useState("");
  const [grant, granting] = useGrantRoleMutation();
  const [revoke, revoking] = useRevokeRoleMutation();
  const problem = apiProblem(granting.error ?? revoking.error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const expiresAt = expires ? new Date(`${expires}T23:59:59`).toISOString() : null;
    const res = await grant({ variables: { input: { userId: member.id, role, reason, expiresAt } } }).catch(() => null);
    if (res?.data) setReason("");
  };
  return (
    <li className="card" data-testid="member">
      <h3 dir="auto">{member.displayName}</h3>
      <p className="muted" dir="ltr">{member.email ?? member.phone}</p>
      <ul>
        {member.grants.map((g) => (
          <li key={g.role}>
            <strong>{t(`roles.${g.role.toLowerCase()}`)}</strong>
            {g.expiresAt ? ` · ${t("admin.until", { date: formatDate(g.expiresAt, lang) })}` : ""}
            {!g.active && ` · ${t("admin.expired")}`}
            {g.reason && <span className="muted" dir="auto"> — {g.reason}</span>}{" "}
            <Button
              type="button"
              onClick={() => {
                const why = window.prompt(t("admin.revoke_reason"));
                if (why) void revoke({ variables: { input: { userId: member.id, role: g.role, reason: why } } }).catch(() => null);
              }}
            >
              {t("admin.revoke")}
            </Button>
          </li>
        ))}
      </ul>
      {member.grants.some((g) => g.role === "LOCAL_ROOT_CURATOR") && <CuratorVillages userId={member.id} />}
      <form className="inline-form" onSubmit={submit}>
        <label>
          {t("admin.role")}
          <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {GRANTABLE.map((r) => <option key={r} value={r}>{t(`roles.${r.toLowerCase()}`)}</option>)}
          </select>
        </label>
        <label>
          {t("admin.expires")}
          <input type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </label>
        <label>
          {t("admin.reason")}
          <input value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} maxLength={500} />
        </label>
        <Button variant="primary" type="submit" disabled={granting.loading}>{t("admin.grant")}</Button>
      </form>
      {problem && <p className="form-error" role="alert">{[problem.message, ...Object.values(problem.fields).flat()].join(" ")}</p>}
    </li>
  );
}

/** /admin/roles: find members, grant roles with an expiry and a reason, revoke them. */
export default function AdminRolesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("admin.roles_title"));
  const [search, setSearch] = useState("");
  const { data, loading, fetchMore } = useMembersQuery({ variables: { search: search.trim() || null, first: 20 } });
  const page = data?.members;
  return (
    <section className="page">
      <h1>{t("admin.roles_title")}</h1>
      <label className="form-field">
        {t("admin.search")}
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {loading && !page && <p>{t("common.loading")}</p>}
      {page && <p className="muted">{t("admin.member_count", { count: page.totalCount })}</p>}
      <ul className="members">{page?.edges.map((e) => <MemberRow key={e.node.id} member={e.node} />)}</ul>
      {page?.pageInfo.hasNextPage && (
        <Button
          type="button"
          onClick={() =>
            void fetchMore({
              variables: { after: page.pageInfo.endCursor },
              updateQuery: (prev, { fetchMoreResult }) => ({
                members: { ...fetchMoreResult.members, edges: [...prev.members.edges, ...fetchMoreResult.members.edges] },
              }),
            })
          }
        >
          {t("admin.more")}
        </Button>
      )}
    </section>
  );
}
