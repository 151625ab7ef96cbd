import { lazy } from "react";
import type { ClientArea } from "../../app/area";

/** Rootpedia: each village's encyclopedia, its articles, their history, and the reviewers' queue. */
export const rootpediaArea: ClientArea = {
  name: "rootpedia",
  routes: [
    { path: "/root/:slug/rootpedia", page: lazy(() => import("./pages/RootpediaHomePage")), access: "data" },
    { path: "/root/:slug/rootpedia/new", page: lazy(() => import("./pages/ArticleEditPage")), access: "member" },
    { path: "/root/:slug/rootpedia/article/:articleId", page: lazy(() => import("./pages/ArticlePage")), access: "data" },
    { path: "/root/:slug/rootpedia/article/:articleId/edit", page: lazy(() => import("./pages/ArticleEditPage")), access: "member" },
    { path: "/root/:slug/rootpedia/article/:articleId/history", page: lazy(() => import("./pages/ArticleHistoryPage")), access: "data" },
    { path: "/management/linpedia", page: lazy(() => import("./pages/ReviewQueuePage")), access: "member" },
  ],
};
