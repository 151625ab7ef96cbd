import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Tabs } from "../../../ui/Tabs";
import { useMediaQuery } from "../../../ui/useMediaQuery";
import { useRootpediaPicturesQuery } from "../generated";
import { ArticleBody } from "./ArticleBody";
import { ArticleTextField } from "./ArticleFields";
import { CiteDialog } from "./CiteDialog";
import { MarkdownToolbar, shortcutOf, type ToolbarAction } from "./MarkdownToolbar";
import { applyEdit, blockEdit, citationEdit, formatEdit, type TextEdit } from "./markdownEdits";
import { PicturePicker } from "./PicturePicker";
import { useLivePreview } from "./useLivePreview";

/** Wide enough for the text and its preview side by side. */
const WIDE = "(min-width: 64rem)";

/**
 * Makes the field's text what the edit says, one replacement after another through the browser's
 * own typing (so Ctrl+Z takes each back); a browser that cannot gets the whole text at once.
 */
function applyTo(el: HTMLTextAreaElement, edit: TextEdit, onChange: (text: string) => void): void {
  el.focus();
  for (let i = 0; i < edit.replacements.length; i++) {
    const r = edit.replacements[i];
    el.setSelectionRange(r.from, r.to);
    const typed =
      typeof document.execCommand === "function" &&
      (r.insert ? document.execCommand("insertText", false, r.insert) : r.from === r.to || document.execCommand("delete"));
    if (!typed) {
      onChange(applyEdit(el.value, { ...edit, replacements: edit.replacements.slice(i) }));
      break;
    }
  }
  // After React has written a text it was given whole, the selection goes back where the edit says.
  el.setSelectionRange(...edit.select);
  requestAnimationFrame(() => el.setSelectionRange(...edit.select));
}

/**
 * The article editor: a toolbar over the Markdown field (heading, bold, italic, list, link, cite a
 * record, insert a photo; Ctrl+B, Ctrl+I, Ctrl+K) and the server's live preview of the text, beside
 * it on a wide screen and behind a tab on a phone. The text is what the member typed and what the
 * toolbar wrote for them: nothing else is added.
 */
export function ArticleEditor({
  value,
  onChange,
  language,
  slug,
  beside = null,
}: {
  value: string;
  onChange: (content: string) => void;
  language: string;
  slug: string;
  /** Something to read beside the text (another language version): a tab beside the preview. */
  beside?: { label: string; node: ReactNode } | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const wide = useMediaQuery(WIDE);
  const [tab, setTab] = useState<"write" | "preview" | "beside">("write");
  const [side, setSide] = useState<"preview" | "beside">("beside");
  // What shows beside the text on a wide screen (the preview unless something else was opened there).
  const aside = beside ? side : "preview";
  const preview = useLivePreview(value, language, wide ? aside === "preview" : tab === "preview");
  const ref = useRef<HTMLTextAreaElement>(null);
  const [dialog, setDialog] = useState<"cite" | "photo" | null>(null);
  // Where the cursor was when a dialog opened: what it chooses goes there.
  const at = useRef({ start: 0, end: 0 });
  const villageId = useRootpediaPicturesQuery({ variables: { slug }, skip: dialog !== "cite" }).data?.village?.id ?? null;
  const placeholders = {
    bold: t("rootpedia.toolbar.placeholder_bold"),
    italic: t("rootpedia.toolbar.placeholder_italic"),
    heading: t("rootpedia.toolbar.placeholder_heading"),
    link: t("rootpedia.toolbar.placeholder_link"),
    item: t("rootpedia.toolbar.placeholder_item"),
  };
  const act = (action: ToolbarAction) => {
    const el = ref.current;
    if (!el) return;
    if (action === "cite" || action === "photo") {
      at.current = { start: el.selectionStart, end: el.selectionEnd };
      setDialog(action);
      return;
    }
    applyTo(el, formatEdit(action, el.value, el.selectionStart, el.selectionEnd, placeholders), onChange);
  };
  // Once the dialog has closed (and given focus back), the text takes what was chosen.
  const afterDialog = (edit: (text: string) => TextEdit) => {
    setDialog(null);
    requestAnimationFrame(() => ref.current && applyTo(ref.current, edit(ref.current.value), onChange));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const format = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey ? shortcutOf(e.key) : null;
    if (!format) return;
    e.preventDefault();
    act(format);
  };
  const write = (
    <ArticleTextField
      value={value}
      onChange={onChange}
      language={language}
      textareaRef={ref}
      textareaId={`${id}-text`}
      onKeyDown={onKeyDown}
      toolbar={<MarkdownToolbar controls={`${id}-text`} onAction={act} />}
    />
  );
  const shown = (
    <section className="rootpedia-editor__preview" aria-labelledby={`${id}-preview`} data-testid="rootpedia-live-preview">
      <h2 id={`${id}-preview`} className={wide ? "rootpedia-editor__preview-title" : "visually-hidden"}>
        {t("rootpedia.preview")}
      </h2>
      <p className="muted rootpedia-editor__status" role="status">
        {preview.paused ? t("rootpedia.preview_paused") : preview.updating ? t("rootpedia.preview_updating") : ""}
      </p>
      {preview.problem && (
        <p className="form-error" data-testid="rootpedia-preview-problem">
          {preview.problem}
        </p>
      )}
      {preview.html ? (
        <ArticleBody html={preview.html} language={language} />
      ) : (
        !preview.problem && !preview.updating && <p className="muted">{t("rootpedia.preview_empty")}</p>
      )}
    </section>
  );
  const other = beside && (
    <section className="rootpedia-editor__preview" aria-label={beside.label} data-testid="rootpedia-beside">
      {beside.node}
    </section>
  );
  const narrowTab = !beside && tab === "beside" ? "write" : tab;
  return (
    <>
      {wide ? (
        <div className="rootpedia-editor rootpedia-editor--wide">
          <div>{write}</div>
          {beside ? (
            <div className="rootpedia-editor__aside">
              <Tabs
                label={t("rootpedia.beside.choose")}
                tabs={[
                  { id: "preview", label: t("rootpedia.preview") },
                  { id: "beside", label: beside.label },
                ]}
                selected={aside}
                onSelect={setSide}
              >
                {aside === "preview" ? shown : other}
              </Tabs>
            </div>
          ) : (
            shown
          )}
        </div>
      ) : (
        <Tabs
          label={t("rootpedia.editor_tabs")}
          tabs={[
            { id: "write", label: t("rootpedia.write") },
            { id: "preview", label: t("rootpedia.preview") },
            ...(beside ? [{ id: "beside" as const, label: beside.label }] : []),
          ]}
          selected={narrowTab}
          onSelect={setTab}
        >
          {narrowTab === "write" ? write : narrowTab === "preview" ? shown : other}
        </Tabs>
      )}
      {dialog === "cite" && (
        <CiteDialog
          villageId={villageId}
          onClose={() => setDialog(null)}
          onCite={(r) => afterDialog((text) => citationEdit(text, at.current.end, r.name, r.address))}
        />
      )}
      {dialog === "photo" && (
        <PicturePicker
          slug={slug}
          onClose={() => setDialog(null)}
          onInsert={(md) => afterDialog((text) => blockEdit(text, at.current.start, at.current.end, md))}
        />
      )}
    </>
  );
}
