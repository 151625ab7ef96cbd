import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { MemoryRouter, useRoutes } from "react-router-dom";
import { initI18n } from "../../i18n";
import type { Resources } from "../../i18n/csv";
import type { LanguageCode } from "../../i18n/languages";
import { routes } from "../router";
import { FirstScreenContext } from "./context";

function Routes() {
  return useRoutes(routes);
}

/**
 * A page's first screen as HTML, in one language, from the app's own components: what the
 * browser paints before any script runs (the server puts it inside `#root`; React then renders
 * the same page over it). Parts that read GraphQL show their placeholders; a visitor is shown
 * (the session is known only in the browser).
 */
export async function renderFirstScreen(path: string, lng: LanguageCode, resources: Resources): Promise<string> {
  await initI18n(resources, lng);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <FirstScreenContext value={true}>
        <MemoryRouter initialEntries={[path]}>
          <Routes />
        </MemoryRouter>
      </FirstScreenContext>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  // A part that failed would be left for the browser to render: the build says so instead.
  if (errors.length) throw new AggregateError(errors, `the first screen of ${path} (${lng}) failed to render`);
  const decoder = new TextDecoder(); // a chunk may end inside a character
  let html = "";
  for await (const chunk of prelude) html += decoder.decode(chunk as Uint8Array, { stream: true });
  return html + decoder.decode();
}
