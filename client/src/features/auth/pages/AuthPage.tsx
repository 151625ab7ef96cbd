import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { apiProblem, type ApiProblem } from "../../../lib/apiErrors";
import { currentLanguage } from "../../../i18n";
import { Card } from "../../../ui/Card";
import { Field } from "../../../ui/Field";
import { Tabs } from "../../../ui/Tabs";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { showToast } from "../../../ui/toast";
import type { AuthPayloadFieldsFragment } from "../../../gql/graphql";
import { useRequestMagicLinkMutation, useSignInMutation, useSignUpMutation } from "../generated";
import { shareSession } from "../../../app/auth/session";
import type { TranslationKey } from "../../../i18n/typed";
import { Button } from "../../../ui/Button";

type Mode = "signin" | "signup" | "magic";

function Problem({ problem }: { problem: ApiProblem | null }) {
  if (!problem) return null;
  return (
    <p className="form-error" role="alert">
      {problem.message}
    </p>
  );
}

function Notices({ payload }: { payload: AuthPayloadFieldsFragment | null }) {
  if (!payload?.notices.length) return null;
  return (
    <div className="notice" role="status">
      {payload.notices.map((n) => (
        <p key={n.key}>{n.message}</p>
      ))}
    </div>
  );
}

/** Identity fields shared by sign-in and sign-up: an email or a phone. */
function useIdentity() {
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  return { email, phone, setEmail, setPhone, value: { email: email.trim() || null, phone: phone.trim() || null } };
}

function SignInForm() {
  const { t } = useTranslation();
  const id = useIdentity();
  const [password, setPassword] = useState("");
  const [signIn, { loading, error }] = useSignInMutation();
  const problem = apiProblem(error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await signIn({ variables: { input: { ...id.value, password } } }).catch(() => null);
    if (res?.data?.signIn.signedIn) {
      showToast({ titleKey: "toast.welcome_back", bodyKey: "toast.welcome_back_body" });
      shareSession(res.data.signIn);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={loading}>
      <Field
        label={t("auth.email")}
        type="email"
        autoComplete="username"
        value={id.email}
        onChange={(e) => id.setEmail(e.target.value)}
        errors={problem?.fields.email}
        dir="ltr"
      />
      <Field
        label={t("auth.phone_or")}
        type="tel"
        autoComplete="tel"
        value={id.phone}
        onChange={(e) => id.setPhone(e.target.value)}
        errors={problem?.fields.phone}
        dir="ltr"
      />
      <Field
        label={t("auth.password")}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        errors={problem?.fields.password}
      />
      <Problem problem={problem && !Object.keys(problem.fields).length ? problem : null} />
      <Button variant="primary" type="submit" disabled={loading}>
        {loading ? t("auth.signing_in") : t("auth.sign_in")}
      </Button>
    </form>
  );
}

function SignUpForm() {
  const { t } = useTranslation();
  const id = useIdentity();
  const [password, setPassword] = useState("");
  const [displayName, setDisplayName] = useState("");
  const [village, setVillage] = useState("");
  const [result, setResult] = useState<AuthPayloadFieldsFragment | null>(null);
  const [signUp, { loading, error }] = useSignUpMutation();
  const problem = apiProblem(error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await signUp({
      variables: {
        input: {
          ...id.value,
          password,
          displayName: displayName.trim(),
          preferredLanguage: currentLanguage(),
          villageOfOrigin: village.trim() || null,
        },
      },
    }).catch(() => null);
    const payload = res?.data?.signUp ?? null;
    setResult(payload);
    if (payload?.signedIn) {
      showToast({ titleKey: "toast.welcome", bodyKey: "toast.welcome_body" });
      // Let the member read any password notice before the page moves on.
      setTimeout(() => shareSession(payload), payload.notices.length ? 2500 : 0);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={loading}>
      <Field
        label={t("auth.display_name")}
        autoComplete="name"
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
        errors={problem?.fields.displayName}
        required
      />
      <Field
        label={t("auth.email")}
        type="email"
        autoComplete="email"
        value={id.email}
        onChange={(e) => id.setEmail(e.target.value)}
        errors={problem?.fields.email}
        dir="ltr"
      />
      <Field
        label={t("auth.phone_or")}
        type="tel"
        autoComplete="tel"
        value={id.phone}
        onChange={(e) => id.setPhone(e.target.value)}
        errors={problem?.fields.phone}
        dir="ltr"
      />
      <Field
        label={t("auth.password")}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        errors={problem?.fields.password}
        hint={t("auth.password_hint")}
      />
      <Field
        label={t("auth.village_of_origin")}
        value={village}
        onChange={(e) => setVillage(e.target.value)}
        errors={problem?.fields.villageOfOrigin}
      />
      <Problem problem={problem && !Object.keys(problem.fields).length ? problem : null} />
      <Notices payload={result} />
      <Button variant="primary" type="submit" disabled={loading}>
        {loading ? t("auth.creating") : t("auth.create_account")}
      </Button>
    </form>
  );
}

function MagicLinkForm({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const [request, { loading, error }] = useRequestMagicLinkMutation();
  const problem = apiProblem(error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await request({ variables: { input: { email, returnTo } } }).catch(() => null);
    if (res?.data?.requestMagicLink) {
      setSent(true);
      showToast({ titleKey: "toast.magic_link_sent", bodyKey: "toast.magic_link_sent_body" });
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={loading}>
      <p>{t("auth.magic_intro")}</p>
      <Field
        label={t("auth.email")}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        errors={problem?.fields.email}
        dir="ltr"
      />
      <Problem problem={problem && !Object.keys(problem.fields).length ? problem : null} />
      {sent && (
        <p className="notice" role="status">
          {t("toast.magic_link_sent_body")}
        </p>
      )}
      <Button variant="primary" type="submit" disabled={loading}>
        {t("auth.send_link")}
      </Button>
    </form>
  );
}

/** /auth: sign in, create an account, or get a sign-in link by email. */
export default function AuthPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode: Mode = (["signin", "signup", "magic"] as const).find((m) => m === params.get("mode")) ?? "signin";
  const returnTo = params.get("returnTo");
  const select = (m: Mode) => {
    const next = new URLSearchParams(params);
    next.set("mode", m);
    setParams(next, { replace: true });
  };
  const titles: Record<Mode, TranslationKey> = {
    signin: "auth.sign_in_title",
    signup: "auth.create_account_title",
    magic: "auth.magic_title",
  };
  useDocumentTitle(t(titles[mode]));
  return (
    <section className="page auth-page">
      {returnTo && (
        <div className="notice" role="alert">
          <strong>{t("auth.required_title")}</strong>
          <p>{t("auth.required_body")}</p>
        </div>
      )}
      <h1>{t(titles[mode])}</h1>
      <Tabs
        label={t("auth.ways")}
        tabs={(["signin", "signup", "magic"] as const).map((m) => ({ id: m, label: t(`auth.tab_${m}`) }))}
        selected={mode}
        onSelect={select}
        panelId="auth-panel"
      />
      <Card as="div" id="auth-panel" role="tabpanel">
        {mode === "signin" && <SignInForm />}
        {mode === "signup" && <SignUpForm />}
        {mode === "magic" && <MagicLinkForm returnTo={returnTo} />}
      </Card>
    </section>
  );
}
