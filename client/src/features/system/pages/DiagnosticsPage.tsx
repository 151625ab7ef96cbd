import { useApolloClient } from "@apollo/client/react";
import { createClient } from "graphql-ws";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { languageInfo } from "../../../i18n/languages";
import { currentLanguage } from "../../../i18n";
import { secureStorage } from "../../../lib/secureStorage";
import { storage } from "../../../lib/storage";
import { DiagnosticsPingDocument } from "../../../gql/graphql";
import { fetchHealth } from "../useHealth";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { Button } from "../../../ui/Button";
import { DataTable } from "../../../ui/DataTable";

type Result = "pending" | "pass" | "fail";
const CHECKS = ["server", "graphql", "websocket", "storage", "crypto", "language"] as const;
type Check = (typeof CHECKS)[number];

/** Opens a real graphql-ws connection and runs one operation over it. */
function websocketRoundTrip(): Promise<boolean> {
  return new Promise((resolve) => {
    const client = createClient({ url: `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/graphql`, retryAttempts: 0 });
    const done = (ok: boolean) => {
      void client.dispose();
      resolve(ok);
    };
    client.subscribe({ query: "{ __typename }" }, { next: () => done(true), error: () => done(false), complete: () => undefined });
    setTimeout(() => done(false), 5000);
  });
}

function ThrowOnRender(): never {
  throw new Error("Diagnostics: error screen requested");
}

/** Browser-side checks support can ask a member to run, plus a way to see the error screen. */
export default function DiagnosticsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("diagnostics.title"));
  const apollo = useApolloClient();
  const [results, setResults] = useState<Record<Check, Result>>(
    () => Object.fromEntries(CHECKS.map((c) => [c, "pending"])) as Record<Check, Result>,
  );
  const [crash, setCrash] = useState(false);

  const run = useCallback(() => {
    const set = (check: Check) => (ok: boolean) => setResults((r) => ({ ...r, [check]: ok ? "pass" : "fail" }));
    setResults(Object.fromEntries(CHECKS.map((c) => [c, "pending"])) as Record<Check, Result>);
    void fetchHealth().then((h) => set("server")(h.state === "done" && h.report.status === "ok"));
    apollo.query({ query: DiagnosticsPingDocument, fetchPolicy: "network-only" }).then(
      (r) => set("graphql")(r.data?.__typename === "Query"),
      () => set("graphql")(false),
    );
    void websocketRoundTrip().then(set("websocket"));
    set("storage")(storage.set("diagnostics", Date.now()) && storage.get<number>("diagnostics") !== null);
    void secureStorage
      .set("diagnostics", { ok: true })
      .then(async (ok) => set("crypto")(ok && (await secureStorage.get<{ ok: boolean }>("diagnostics"))?.ok === true));
    const lang = currentLanguage();
    set("language")(document.documentElement.lang === lang && document.documentElement.dir === languageInfo(lang).dir);
  }, [apollo]);

  useEffect(run, [run]);
  if (crash) return <ThrowOnRender />;

  return (
    <section className="page">
      <h1>{t("diagnostics.title")}</h1>
      <p>{t("diagnostics.intro")}</p>
      <DataTable
        caption={t("diagnostics.title")}
        captionHidden
        rows={CHECKS}
        rowKey={(c) => c}
        rowProps={(c) => ({ "data-testid": `check-${c}`, "data-result": results[c] })}
        columns={[
          { key: "check", header: t("diagnostics.check"), cell: (c) => t(`diagnostics.${c}`) },
          {
            key: "result",
            header: t("diagnostics.result"),
            cell: (c) => (
              <span className={`status status--${results[c] === "pass" ? "good" : results[c] === "fail" ? "bad" : "wait"}`}>
                {t(`diagnostics.${results[c]}`)}
              </span>
            ),
          },
        ]}
      />
      <Button type="button" onClick={run}>
        {t("diagnostics.run_again")}
      </Button>
      <h2>{t("diagnostics.error_test_heading")}</h2>
      <p>{t("diagnostics.error_test_body")}</p>
      <Button type="button" onClick={() => setCrash(true)}>
        {t("diagnostics.error_test_button")}
      </Button>
    </section>
  );
}
