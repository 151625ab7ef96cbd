import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { useTranslation } from "react-i18next";
import { MemoryRouter, useRoutes, type RouteObject } from "react-router-dom";
import { initI18n } from "../../i18n";
import { Spinner } from "../../ui/Spinner";
import type { Resources } from "../../i18n/csv";
import type { LanguageCode } from "../../i18n/languages";
import { routes } from "../router";
import { FirstScreenContext } from "./context";

/** What the frame shows where a page will be: the spinner the app shows while a page loads. */
function PageLoading() {
  const { t } = useTranslation();
  return <Spinner label={t("common.loading_page")} />;
}

/** The frame: the app's layout (header, footer) around the page-loading spinner, at any path. */
const frame: RouteObject[] = [{ element: routes[0].element, children: [{ path: "*", element: <PageLoading /> }] }];

function Routes({ page }: { page: boolean }) {
  return useRoutes(page ? routes : frame);
}

/**
 * A page's first screen as HTML, in one language, from the app's own components: what the
 * browser paints before any script runs (the server puts it inside `#root`; React then renders
 * the same page over it). Parts that read GraphQL show their placeholders; a visitor is shown
 * (the session is known only in the browser). With no path, the frame every other page shares.
 */
export async function renderFirstScreen(path: string | null, lng: LanguageCode, resources: Resources): Promise<string> {
  await initI18n(resources, lng);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <FirstScreenContext value={true}>
        {/* The frame's address is none of the pages', so no link in the header is marked as the current page. */}
        <MemoryRouter initialEntries={[path ?? "/__frame"]}>
          <Routes page={path !== null} />
        </MemoryRouter>
      </FirstScreenContext>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  // A part that failed would be left for the browser to render: the build says so instead.
  if (errors.length) throw new AggregateError(errors, `the first screen of ${path ?? "the frame"} (${lng}) failed to render`);
  const decoder = new TextDecoder(); // a chunk may end inside a character
  let html = "";
  for await (const chunk of prelude) html += decoder.decode(chunk as Uint8Array, { stream: true });
  return html + decoder.decode();
}
