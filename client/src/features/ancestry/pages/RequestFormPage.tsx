import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { SaveDocumentRequestInput } from "../../../gql/graphql";
import { runtimeKey } from "../../../i18n/typed";
import { apiProblem } from "../../../lib/apiErrors";
import { Button } from "../../../ui/Button";
import { Field } from "../../../ui/Field";
import { SelectField } from "../../../ui/SelectField";
import { Skeleton } from "../../../ui/Skeleton";
import { showToast } from "../../../ui/toast";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { FileUpload, RequestFiles } from "../components/RequestFiles";
import { FeeLines } from "../components/RequestParts";
import {
  useAncestryVillagesQuery,
  useDocumentRequestQuery,
  useDocumentTypesQuery,
  useSaveDocumentRequestMutation,
  useSubmitDocumentRequestMutation,
} from "../generated";
import "../ancestry.css";

type Form = Omit<SaveDocumentRequestInput, "id">;
const TEXT_FIELDS = [
  "subjectNameAr",
  "subjectNameLatin",
  "fatherName",
  "grandfatherName",
  "motherName",
  "birthDate",
  "birthPlace",
  "registrationNumber",
] as const;
const CONTACT_FIELDS = ["contactEmail", "contactPhone", "contactAddress", "additionalInfo"] as const;
const label = (f: string) => runtimeKey(`ancestry.${f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`);

/** The registration village, picked from the gazetteer by name. */
function VillagePicker({ value, name, onPick }: { value: string | null; name: string | null; onPick: (id: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const { data } = useAncestryVillagesQuery({ variables: { search }, skip: search.trim().length < 2 });
  return (
    <div>
      <Field
        label={t("ancestry.registration_village")}
        value={search}
        placeholder={name ?? ""}
        onChange={(e) => setSearch(e.target.value)}
      />
      {value && name && !search && (
        <p>
          <bdi>{name}</bdi>
        </p>
      )}
      {search.trim().length >= 2 && (
        <ul className="ancestry-list">
          {data?.villages.edges.map(({ node }) => (
            <li key={node.id}>
              <Button type="button" onClick={() => (onPick(node.id), setSearch(""))}>
                <bdi>{node.name}</bdi>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /ancestry/enhanced: the guided request. Every change is saved as a draft a moment later (the
 * server checks each field as typed); a person of the member's tree (`?person=`) fills what the
 * member may see of them. Submitting quotes the fees and pays from the wallet, or by transfer.
 */
export default function RequestFormPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("ancestry.form_title"));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const types = useDocumentTypesQuery();
  const draftId = params.get("draft");
  const existing = useDocumentRequestQuery({ variables: { id: draftId ?? "" }, skip: !draftId });
  const [form, setForm] = useState<Form | null>(null);
  const [save, saving] = useSaveDocumentRequestMutation();
  const [submit, submitting] = useSubmitDocumentRequestMutation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The form starts from the draft, or from the chosen type and person.
  useEffect(() => {
    if (form || !types.data) return;
    const d = existing.data?.documentRequest;
    if (draftId && !d) return;
    const typeId = d?.documentType.id ?? params.get("type") ?? types.data.documentTypes[0]?.id ?? "";
    const details = d?.details;
    const initial: Form = {
      documentTypeId: typeId,
      personId: details?.personId ?? params.get("person"),
      subjectDeceased: details ? !details.subjectLiving : false,
      ...Object.fromEntries(
        [...TEXT_FIELDS, ...CONTACT_FIELDS].map((f) => [f, (details as unknown as Record<string, string | null> | null)?.[f] ?? ""]),
      ),
      registrationVillageId: details?.registrationVillageId ?? null,
      authority: details?.authority ?? "self",
      delivery: d?.delivery ?? "digital",
      translation: d?.translation ?? "",
      legalisation: d?.legalisation ?? false,
    };
    setForm(initial);
    // Chosen from the tree or the archives: saved at once, so the person's fields fill in now.
    if (!d && initial.personId) void persist(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the types (and a draft) have loaded
  }, [form, types.data, existing.data, draftId, params]);

  const persist = async (next: Form) => {
    const res = await save({ variables: { input: { ...next, id: draftId } } }).catch(() => null);
    const saved = res?.data?.saveDocumentRequest;
    if (saved && !draftId) setParams({ draft: saved.id }, { replace: true });
    if (saved?.details && next.personId && !draftId) {
      // The person's fields the member may see came back: show them.
      const d = saved.details as unknown as Record<string, string | null>;
      setForm(
        (f) =>
          f && {
            ...f,
            ...Object.fromEntries(TEXT_FIELDS.map((k) => [k, f[k] || d[k] || ""])),
            registrationVillageId: saved.details!.registrationVillageId,
            subjectDeceased: !saved.details!.subjectLiving,
          },
      );
    }
  };
  const change = (patch: Partial<Form>) => {
    const next = { ...form!, ...patch };
    setForm(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void persist(next), 700);
  };
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  if (!types.data || !form) return <Skeleton label={t("common.loading")} variant="card" />;
  const problem = apiProblem(saving.error ?? submitting.error, t("errors.network"));
  const errors = (f: string) => problem?.fields[f];
  const current = saving.data?.saveDocumentRequest ?? existing.data?.documentRequest ?? null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (timer.current) clearTimeout(timer.current);
    const res = await save({ variables: { input: { ...form, id: draftId } } }).catch(() => null);
    const id = res?.data?.saveDocumentRequest.id;
    if (!id) return;
    const sent = await submit({ variables: { id } }).catch(() => null);
    if (sent?.data) {
      showToast({ titleKey: "ancestry.requested" });
      navigate(`/ancestry/requests/${encodeURIComponent(id)}`);
    }
  };

  return (
    <section className="page ancestry-page" aria-labelledby="form-title">
      <h1 id="form-title">{t("ancestry.form_title")}</h1>
      <form className="ancestry-form" onSubmit={onSubmit} noValidate>
        <SelectField
          label={t("ancestry.document_type")}
          value={form.documentTypeId}
          onChange={(e) => change({ documentTypeId: e.target.value })}
          errors={errors("documentTypeId")}
        >
          {types.data.documentTypes.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </SelectField>
        <h2>{t("ancestry.subject_title")}</h2>
        {TEXT_FIELDS.map((f) => (
          <Field key={f} label={t(label(f))} value={form[f] ?? ""} onChange={(e) => change({ [f]: e.target.value })} errors={errors(f)} />
        ))}
        <VillagePicker
          value={form.registrationVillageId ?? null}
          name={current?.details?.registrationVillageName ?? null}
          onPick={(id) => change({ registrationVillageId: id })}
        />
        {errors("registrationVillageId") && <p role="alert">{errors("registrationVillageId")!.join(" ")}</p>}
        <label>
          <input type="checkbox" checked={!!form.subjectDeceased} onChange={(e) => change({ subjectDeceased: e.target.checked })} />{" "}
          {t("ancestry.deceased")}
        </label>
        <SelectField
          label={t("ancestry.authority")}
          value={form.authority ?? "self"}
          onChange={(e) => change({ authority: e.target.value })}
          errors={errors("authority")}
        >
          {["self", "first_degree", "descendant", "power_of_attorney"].map((a) => (
            <option key={a} value={a}>
              {t(runtimeKey(`ancestry.authority_${a}`))}
            </option>
          ))}
        </SelectField>
        {form.authority === "power_of_attorney" &&
          (draftId ? (
            <>
              <FileUpload requestId={draftId} kind="authority" onDone={() => void existing.refetch()} />
              {existing.data && <RequestFiles request={existing.data.documentRequest} />}
            </>
          ) : (
            <p className="muted">{t("ancestry.saving")}</p>
          ))}
        <SelectField
          label={t("ancestry.delivery")}
          value={form.delivery ?? "digital"}
          onChange={(e) => change({ delivery: e.target.value })}
          errors={errors("delivery")}
        >
          {["digital", "courier", "pouch"].map((d) => (
            <option key={d} value={d}>
              {t(runtimeKey(`ancestry.delivery_${d}`))}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("ancestry.translation")}
          value={form.translation ?? ""}
          onChange={(e) => change({ translation: e.target.value })}
        >
          <option value="">{t("ancestry.translation_none")}</option>
          <option value="en">{t("ancestry.translation_en")}</option>
          <option value="fr">{t("ancestry.translation_fr")}</option>
        </SelectField>
        <label>
          <input type="checkbox" checked={!!form.legalisation} onChange={(e) => change({ legalisation: e.target.checked })} />{" "}
          {t("ancestry.legalisation")}
        </label>
        <h2>{t("ancestry.contact_title")}</h2>
        {CONTACT_FIELDS.map((f) => (
          <Field key={f} label={t(label(f))} value={form[f] ?? ""} onChange={(e) => change({ [f]: e.target.value })} errors={errors(f)} />
        ))}
        <p aria-live="polite" className="muted">
          {saving.loading ? t("ancestry.saving") : draftId ? t("ancestry.saved") : ""}
        </p>
        {current && current.lines.length > 0 && <FeeLines request={current} />}
        {problem && <p role="alert">{problem.message}</p>}
        <Button variant="primary" type="submit" disabled={submitting.loading}>
          {t("ancestry.submit")}
        </Button>
      </form>
    </section>
  );
}
