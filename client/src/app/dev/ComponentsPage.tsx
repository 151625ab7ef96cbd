import i18next, { type i18n as I18n } from "i18next";
import { useEffect, useState } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { loadLanguage } from "../../i18n";
import { LANGUAGES, type LanguageCode } from "../../i18n/languages";
import { Avatar } from "../../ui/Avatar";
import { Badge, ProvenanceBadge } from "../../ui/Badge";
import { Button, ButtonLink } from "../../ui/Button";
import { Card } from "../../ui/Card";
import { DataTable } from "../../ui/DataTable";
import { DateInput } from "../../ui/DateInput";
import { Dialog } from "../../ui/Dialog";
import { EmptyState } from "../../ui/EmptyState";
import { Select } from "../../ui/Select";
import { Skeleton } from "../../ui/Skeleton";
import { Spinner } from "../../ui/Spinner";
import { Tabs } from "../../ui/Tabs";
import { TextInput } from "../../ui/TextInput";
import { showToast } from "../../ui/toast";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import "./components-page.css";

/** Sample people: names in both scripts, as the tree holds them. */
const PEOPLE = [
  { id: "1", name: "جرجس الخوري", born: "ABT 1890", village: "زحلة" },
  { id: "2", name: "Marie-Claire Haddad", born: "12 MAR 1921", village: "Zahlé" },
  { id: "3", name: "عبد الله بن سعيد", born: "BET 1880 AND 1885", village: "بشري" },
];

/** An i18next of its own for one language, sharing the app's loaded translations and its escaping. */
function useLanguageInstance(lng: LanguageCode): I18n | null {
  const [instance, setInstance] = useState<I18n | null>(null);
  useEffect(() => {
    const one = i18next.createInstance();
    void loadLanguage(lng)
      .then(() => one.init({ ...i18next.options, lng, resources: i18next.store.data, initAsync: false }))
      .then(() => setInstance(one));
  }, [lng]);
  return instance;
}

/** Every component of ui/, in one language. */
function Showcase({ lng }: { lng: LanguageCode }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<"pedigree" | "descendants">("pedigree");
  const [dialog, setDialog] = useState(false);
  return (
    <>
      <Card title="Button">
        <div className="button-row">
          <Button variant="primary">{t("common.save")}</Button>
          <Button>{t("common.edit")}</Button>
          <Button variant="danger">{t("common.delete")}</Button>
          <Button variant="ghost">{t("common.cancel")}</Button>
          <Button size="sm">{t("people.add")}</Button>
          <Button disabled>{t("common.loading")}</Button>
          <ButtonLink to="/dev/components" variant="primary">
            {t("nav.join")}
          </ButtonLink>
        </div>
      </Card>
      <Card title="TextInput · DateInput · Select">
        <div className="form-grid">
          <TextInput label={t("people.full_name")} defaultValue={lng === "ar" ? "" : "Marie-Claire Haddad"} dir="auto" />
          <TextInput label={t("admin.reason")} errors={[t("errors.network")]} defaultValue="x" />
          <DateInput label={t("people.birth")} defaultValue="ABT 1890" />
          <Select label={t("villages.district")} defaultValue="zahle">
            <option value="zahle">{lng === "ar" ? "زحلة" : "Zahlé"}</option>
            <option value="bsharri">{lng === "ar" ? "بشري" : "Bsharri"}</option>
          </Select>
        </div>
      </Card>
      <Card title="Tabs">
        <Tabs
          label={t("chart.view")}
          tabs={[
            { id: "pedigree", label: t("chart.view_pedigree") },
            { id: "descendants", label: t("chart.view_descendants") },
          ]}
          selected={tab}
          onSelect={setTab}
        >
          <p>{t(`chart.view_${tab}`)}</p>
        </Tabs>
      </Card>
      <Card title="Badge · Avatar">
        <p className="cluster">
          <ProvenanceBadge provenance="VERIFIED" />
          <ProvenanceBadge provenance="COMMUNITY" />
          <ProvenanceBadge provenance="AI_INFERRED" />
          <Badge>{t("people.self_badge")}</Badge>
          <Badge tone="primary">{t("admin.role")}</Badge>
        </p>
        <p className="cluster">
          {PEOPLE.map((p) => (
            <span key={p.id} className="cluster">
              <Avatar name={p.name} /> <bdi>{p.name}</bdi>
            </span>
          ))}
          <Avatar name="Rima" size="lg" labelled />
          <Avatar name="مريم حداد" size="sm" labelled />
        </p>
      </Card>
      <Card title="DataTable">
        <DataTable
          caption={t("people.my_tree")}
          rowKey={(p) => p.id}
          rows={PEOPLE}
          columns={[
            {
              key: "name",
              header: t("people.full_name"),
              cell: (p) => (
                <span className="cluster">
                  <Avatar name={p.name} size="sm" />
                  <bdi>{p.name}</bdi>
                </span>
              ),
            },
            { key: "born", header: t("people.birth"), cell: (p) => <bdi dir="ltr">{p.born}</bdi> },
            { key: "village", header: t("villages.district"), cell: (p) => <bdi>{p.village}</bdi> },
          ]}
        />
      </Card>
      <Card title="EmptyState · Skeleton · Spinner">
        <EmptyState title={t("chart.start_tree")} action={<Button variant="primary">{t("people.add")}</Button>}>
          <p>{t("chart.start_tree_intro")}</p>
        </EmptyState>
        <Skeleton label={t("common.loading")} lines={3} />
        <Skeleton label={t("common.loading")} lines={2} variant="card" />
        <Spinner label={t("common.loading")} />
      </Card>
      <Card title="Card (tones) · Dialog · Toast" tone="gold">
        <div className="button-row">
          <Button onClick={() => setDialog(true)}>Dialog</Button>
          <Button onClick={() => showToast({ titleKey: "common.saved" })}>Toast</Button>
          <Button onClick={() => showToast({ titleKey: "errors.network", variant: "destructive" })}>Toast ✕</Button>
        </div>
        {dialog && (
          <Dialog
            title={t("chart.start_tree")}
            onClose={() => setDialog(false)}
            footer={
              <>
                <Button variant="primary" onClick={() => setDialog(false)}>
                  {t("common.save")}
                </Button>
                <Button onClick={() => setDialog(false)}>{t("common.cancel")}</Button>
              </>
            }
          >
            <TextInput label={t("people.full_name")} />
            <DateInput label={t("people.birth")} />
          </Dialog>
        )}
      </Card>
    </>
  );
}

function LanguageColumn({ lng }: { lng: LanguageCode }) {
  const instance = useLanguageInstance(lng);
  const dir = LANGUAGES.find((l) => l.code === lng)!.dir;
  if (!instance) return null;
  return (
    <I18nextProvider i18n={instance}>
      <section id={`lang-${lng}`} lang={lng} dir={dir} className="dev-components__lang">
        <h2>{instance.t(`lang.${lng}`)}</h2>
        <Showcase lng={lng} />
      </section>
    </I18nextProvider>
  );
}

/**
 * /dev/components, development builds only (the router drops it from production builds):
 * every component of ui/ in Arabic, English and French, for reviewers and the next developer.
 */
export default function ComponentsPage() {
  useDocumentTitle("Components");
  return (
    <div className="page page--wide dev-components" data-testid="dev-components-page">
      <h1>ui/ components</h1>
      <nav className="button-row" aria-label="Languages">
        {LANGUAGES.map((l) => (
          <a key={l.code} className="button button--small" href={`#lang-${l.code}`}>
            {l.code}
          </a>
        ))}
      </nav>
      {LANGUAGES.map((l) => (
        <LanguageColumn key={l.code} lng={l.code} />
      ))}
    </div>
  );
}
