import { lazyPage, type ClientArea } from "../../app/area";

/** Money: the member's wallet and the staff's payments desk (server area `modules/money`). */
export const moneyArea: ClientArea = {
  name: "money",
  routes: [
    { path: "/wallet", page: lazyPage(() => import("./pages/WalletPage")), access: "member" },
    { path: "/management/payments", page: lazyPage(() => import("./pages/PaymentsDeskPage")), access: "staff" },
  ],
};
