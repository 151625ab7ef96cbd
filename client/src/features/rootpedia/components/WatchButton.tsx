import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button";
import { useWatchRootpediaMutation } from "../generated";

/** Watch or stop watching an article or a village's encyclopedia (notifications in the member's language). */
export function WatchButton({ articleId, slug, watching }: { articleId?: string; slug?: string; watching: boolean }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(watching);
  const [watch, { loading }] = useWatchRootpediaMutation();
  return (
    <Button
      size="sm"
      aria-pressed={on}
      disabled={loading}
      onClick={() =>
        watch({ variables: { on: !on, articleId: articleId ?? null, slug: slug ?? null } }).then(
          (r) => setOn(Boolean(r.data?.watchRootpedia)),
          () => {},
        )
      }
    >
      {t(on ? "rootpedia.unwatch" : "rootpedia.watch")}
    </Button>
  );
}
