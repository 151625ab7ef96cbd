import { lazyPage, type ClientArea } from "../../app/area";

const AboutPage = lazyPage(() => import("./pages/AboutPage"));
const LegalPage = lazyPage(() => import("./pages/LegalPage"));

export const legalArea: ClientArea = {
  name: "legal",
  routes: [
    { path: "/about", page: AboutPage, access: "public" },
    { path: "/privacy", page: LegalPage, props: { page: "privacy" }, access: "public" },
    { path: "/terms", page: LegalPage, props: { page: "terms" }, access: "public" },
    { path: "/cookies", page: LegalPage, props: { page: "cookies" }, access: "public" },
  ],
  nav: [{ to: "/about", labelKey: "nav.about", order: 90 }],
  footer: [
    { to: "/privacy", labelKey: "footer.privacy", order: 10 },
    { to: "/terms", labelKey: "footer.terms", order: 20 },
    { to: "/cookies", labelKey: "footer.cookies", order: 30 },
  ],
};
