import { useTranslation } from "react-i18next";
import { Link, NavLink, useNavigate } from "react-router-dom";
import { signOut } from "./auth/session";
import { ApolloBoundary } from "./ApolloBoundary";
import { useAuth } from "./auth/useAuth";
import { useFeatureFlags } from "./flags";
import { MEMBER_HEADER } from "./navigation";
import { showToast } from "../ui/toast";
import { Button, ButtonLink } from "../ui/Button";

/** Sign In / Join for visitors; the member's links and Sign out once signed in (in the phone's menu sheet). */
export function AccountMenu() {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  if (auth.status === "loading") return <span className="account-menu" aria-hidden="true" />;
  if (auth.status === "signedOut") {
    return (
      <div className="account-menu">
        <Link to="/auth">{t("nav.sign_in")}</Link>
        <ButtonLink variant="primary" to="/auth?mode=signup">
          {t("nav.join")}
        </ButtonLink>
      </div>
    );
  }
  const { can } = auth.viewer;
  const out = async () => {
    try {
      await signOut();
      showToast({ titleKey: "toast.signed_out" });
      navigate("/", { replace: true });
    } catch {
      showToast({ titleKey: "toast.sign_out_error", bodyKey: "toast.sign_out_error_body", variant: "destructive" });
    }
  };
  return (
    <div className="account-menu">
      <span className="account-menu__links">
        <NavLink to="/dashboard">{t("nav.dashboard")}</NavLink>
        <NavLink to="/roots">{t("nav.my_tree")}</NavLink>
        {can.accessManagement && <NavLink to="/management">{t("nav.management")}</NavLink>}
        {auth.viewer.roles.some((r) => r === "LOCAL_ROOT_CURATOR" || r === "EDITOR" || r === "ADMIN") && (
          <>
            <NavLink to="/management/villages">{t("nav.curation")}</NavLink>
            {/* Where curators review Rootpedia edits and run the ballots. */}
            <NavLink to="/management/linpedia">{t("rootpedia.queue_title")}</NavLink>
          </>
        )}
        {can.accessAdmin && <NavLink to="/admin">{t("nav.admin")}</NavLink>}
        <NavLink to="/settings">{t("nav.settings")}</NavLink>
      </span>
      <Button type="button" onClick={() => void out()}>
        {t("nav.sign_out")}
      </Button>
    </div>
  );
}

/** The signed-in member's header widgets (the bell), kept in the header's row on a phone too. */
export function MemberWidgets() {
  const auth = useAuth();
  const on = useFeatureFlags();
  if (auth.status !== "signedIn") return null;
  return MEMBER_HEADER.filter((item) => on(...item.flags)).map(({ name, component: Item }) => (
    // Widgets read GraphQL data: Apollo Client is loaded for them (a member's pages load it anyway).
    // Meanwhile an empty widget-sized box holds their place, so the row does not move when it arrives.
    <ApolloBoundary key={name} fallback={<span className="account-menu__widget" aria-hidden="true" />}>
      <Item />
    </ApolloBoundary>
  ));
}
