import { lazyPage, type ClientArea } from "../../app/area";

/** Rootpedia: each village's encyclopedia, its articles, their history, and the reviewers' queue. */
export const rootpediaArea: ClientArea = {
  name: "rootpedia",
  routes: [
    { path: "/root/:slug/rootpedia", page: lazyPage(() => import("./pages/RootpediaHomePage")), access: "data", serverRendered: true },
    { path: "/root/:slug/rootpedia/new", page: lazyPage(() => import("./pages/ArticleEditPage")), access: "member" },
    {
      path: "/root/:slug/rootpedia/article/:articleId",
      page: lazyPage(() => import("./pages/ArticlePage")),
      access: "data",
      serverRendered: true,
    },
    { path: "/root/:slug/rootpedia/article/:articleId/edit", page: lazyPage(() => import("./pages/ArticleEditPage")), access: "member" },
    {
      path: "/root/:slug/rootpedia/article/:articleId/history",
      page: lazyPage(() => import("./pages/ArticleHistoryPage")),
      access: "data",
    },
    { path: "/management/linpedia", page: lazyPage(() => import("./pages/ReviewQueuePage")), access: "member" },
  ],
};
