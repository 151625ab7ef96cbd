import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { apiProblem, problemText } from "../../../lib/apiErrors";
import { formatDate } from "../../../lib/format";
import type { MembersQuery, Role } from "../../../gql/graphql";
import { Avatar } from "../../../ui/Avatar";
import { Badge } from "../../../ui/Badge";
import { LtrValue } from "../../../ui/BidiText";
import { Button } from "../../../ui/Button";
import { Card } from "../../../ui/Card";
import { ReasonAction } from "../../../ui/ReasonAction";
import { Select } from "../../../ui/Select";
import { Skeleton } from "../../../ui/Skeleton";
import { TextInput } from "../../../ui/TextInput";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { CuratorVillages } from "../../curation";
import { lower } from "../../../i18n/typed";
import { useGrantRoleMutation, useMembersQuery, useRevokeRoleMutation } from "../generated";
import { appendPage } from "../../../lib/pagination";
import { TERMS, termEnd, termText } from "../terms";

const GRANTABLE: Role[] = [
  "ADMIN",
  "MODERATOR",
  "DOCUMENT_OFFICER",
  "MUNICIPAL_OFFICER",
  "INVESTOR_VERIFIED",
  "DNA_SPECIALIST",
  "LOCAL_ROOT_CURATOR",
  "EDITOR",
];
type Member = MembersQuery["members"]["edges"][number]["node"];
type Grant = Member["grants"][number];

/**
 * One role a member holds: the role as a badge, its expiry, and the reason in its own isolated
 * run, apart from the role (an Arabic role and a Latin reason never run together); revoking it
 * asks why, in the reader's language.
 */
function GrantRow({ member, grant }: { member: Member; grant: Grant }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [revoke] = useRevokeRoleMutation();
  const role = t(`roles.${lower(grant.role)}`);
  return (
    <li className="grant">
      <Badge tone={grant.active ? "primary" : "neutral"}>{role}</Badge>
      {grant.expiresAt && <span className="muted">{t("admin.until", { date: formatDate(grant.expiresAt, lang) })}</span>}
      {!grant.active && <Badge tone="red">{t("admin.expired")}</Badge>}
      {grant.reason && <bdi className="grant__reason muted">{grant.reason}</bdi>}
      <span className="grant__revoke">
        <ReasonAction
          label={t("admin.revoke")}
          title={
            <>
              {t("admin.revoke")} · {role} · <bdi>{member.displayName}</bdi>
            </>
          }
          reasonLabel={t("admin.revoke_reason")}
          onConfirm={(reason) => revoke({ variables: { input: { userId: member.id, role: grant.role, reason } } })}
        />
      </span>
    </li>
  );
}

function MemberRow({ member }: { member: Member }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<Role>("EDITOR");
  const lang = currentLanguage();
  const [term, setTerm] = useState(0);
  const [reason, setReason] = useState("");
  const [grant, granting] = useGrantRoleMutation();
  const problem = apiProblem(granting.error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const expiresAt = term ? termEnd(term, new Date()).toISOString() : null;
    const res = await grant({ variables: { input: { userId: member.id, role, reason, expiresAt } } }).catch(() => null);
    if (res?.data) setReason("");
  };
  return (
    <Card as="li" className="member" data-testid="member">
      <div className="member__head">
        <Avatar name={member.displayName} />
        <div>
          <h3 className="member__name">
            <bdi>{member.displayName}</bdi>
          </h3>
          <p className="muted member__contact">
            <LtrValue>{member.email ?? member.phone ?? ""}</LtrValue>
          </p>
        </div>
      </div>
      {member.grants.length > 0 && (
        <ul className="grants">
          {member.grants.map((g) => (
            <GrantRow key={g.role} member={member} grant={g} />
          ))}
        </ul>
      )}
      {member.grants.some((g) => g.role === "LOCAL_ROOT_CURATOR") && <CuratorVillages userId={member.id} />}
      <form className="grant-form" onSubmit={submit}>
        <Select label={t("admin.role")} value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {GRANTABLE.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${lower(r)}`)}
            </option>
          ))}
        </Select>
        <Select
          label={t("admin.term")}
          value={term}
          onChange={(e) => setTerm(Number(e.target.value))}
          hint={term ? t("admin.until", { date: formatDate(termEnd(term, new Date()), lang) }) : undefined}
        >
          {TERMS.map((m) => (
            <option key={m} value={m}>
              {m ? termText(m, lang) : t("admin.term_until_revoked")}
            </option>
          ))}
        </Select>
        <TextInput
          label={t("admin.reason")}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          minLength={3}
          maxLength={500}
          dir="auto"
        />
        <div className="form-field form-field--action">
          <Button variant="primary" type="submit" disabled={granting.loading}>
            {t("admin.grant")}
          </Button>
        </div>
      </form>
      {problem && (
        <p className="form-error" role="alert">
          {problemText(problem)}
        </p>
      )}
    </Card>
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
      <header className="page-head">
        <div>
          <h1>{t("admin.roles_title")}</h1>
          <p className="lead">{t("admin.roles_intro")}</p>
        </div>
      </header>
      <TextInput label={t("admin.search")} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      {loading && !page && <Skeleton label={t("common.loading")} variant="card" lines={3} />}
      {page && <p className="muted">{t("admin.member_count", { count: page.totalCount })}</p>}
      <ul className="members">
        {page?.edges.map((e) => (
          <MemberRow key={e.node.id} member={e.node} />
        ))}
      </ul>
      {page?.pageInfo.hasNextPage && (
        <Button
          onClick={() =>
            void fetchMore({
              variables: { after: page.pageInfo.endCursor },
              updateQuery: appendPage("members"),
            })
          }
        >
          {t("admin.more")}
        </Button>
      )}
    </section>
  );
}
