import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// spec 2: every route exists without a prefix and with /en_US, /zh_CN, /zh_HK. The optional :lang segment
// carries it; the locale layout answers 404 for any other prefix.
export default [
  route(":lang?", "routes/locale-layout.tsx", [
    layout("routes/shell.tsx", [
      // Content-block pages; the layout sends the content messages (app/lib/feature-messages.ts).
      layout("routes/messages.content.tsx", [
        index("routes/home.tsx"),
        route("cmsCLP", "routes/cms-clp.tsx"),
        route("preview/:id", "routes/preview.tsx"),
      ]),
      // China-trip pages (issue 10): content pages with the pages bundle for their own buttons.
      layout("routes/messages.content.tsx", { id: "china-content-messages" }, [
        layout("routes/messages.pages.tsx", { id: "china-pages-messages" }, [
          route("gogochina", "routes/gogochina.tsx"),
          route("gogochina/popupContent", "routes/gogochina.popup-content.tsx"),
          route("gogochinaApp", "routes/gogochina-app.tsx"),
          route("uniapp", "routes/uniapp.tsx"),
        ]),
      ]),
      route("plp", "routes/plp.tsx"),
      route("pdp/:id", "routes/pdp.tsx"),
      route("category", "routes/category.tsx"),
      // Accounts (spec 2): login, registration, codes, bind, the authentication view.
      route("login", "routes/login.tsx"),
      route("logins/forget-password", "routes/logins.forget-password.tsx"),
      route("logins/verification-code-login", "routes/logins.verification-code-login.tsx"),
      route("logins/preference", "routes/logins.preference.tsx"),
      route("register", "routes/register.tsx"),
      route("bind", "routes/bind.tsx"),
      route("AuthenticationPopupView", "routes/authentication-popup.tsx"),
      // Purchase (spec 2): checkout, payment and its result.
      layout("routes/messages.purchase.tsx", [
        route("checkout", "routes/checkout.tsx"),
        route("pay", "routes/pay.tsx"),
        route("pay/result", "routes/pay.result.tsx"),
      ]),
      // eSIM installation help (spec 2): public pages, with their /ucenter twins.
      layout("routes/messages.install.tsx", [
        route("install", "routes/install.tsx"),
        route("install/eSIM-install", "routes/install.esim-install.tsx"),
        route("install/install-guide", "routes/install.install-guide.tsx"),
        route("app_installation_qrcode", "routes/app-installation-qrcode.tsx"),
        route("ucenter/install", "routes/ucenter.install.tsx"),
        route("ucenter/install/eSIM-install", "routes/ucenter.install.esim-install.tsx"),
        route("ucenter/install/install-guide", "routes/ucenter.install.install-guide.tsx"),
      ]),
      // Legal documents and the public /ucenter pages (issue 10, ADR 0200): no login needed.
      layout("routes/messages.pages.tsx", [
        route("pageHtml", "routes/page-html.tsx"),
        route("ucenter/about-us", "routes/ucenter.about-us.tsx"),
        route("ucenter/join-us", "routes/ucenter.join-us.tsx"),
        route("ucenter/help", "routes/ucenter.help.tsx"),
        route("ucenter/help/:slug", "routes/ucenter.help.article.tsx"),
      ]),
      // /my and the protected /ucenter pages: guard layouts that send visitors to login first (ADR 0092).
      route("my", "routes/my.tsx", [
        route("userInfo", "routes/my.user-info.tsx"),
        route("userInfo/more-info", "routes/my.user-info.more-info.tsx"),
        route("userInfo/delete", "routes/my.user-info.delete.tsx"),
        layout("routes/messages.orders.tsx", { id: "my-orders-messages" }, [
          route("order/list", "routes/my.order.list.tsx"),
          route("order/:code", "routes/my.order.detail.tsx"),
          route("coupon", "routes/my.coupon.tsx"),
        ]),
        layout("routes/messages.esim.tsx", { id: "my-esim-messages" }, [
          route("purchased", "routes/my.purchased.tsx"),
        ]),
        route("*", "routes/not-found.tsx", { id: "my-not-found" }),
      ]),
      route("ucenter", "routes/ucenter.tsx", [
        // Protected ucenter pages (coupon, eSIM, order, purchased); the public install help is above.
        route("order/pdf-page", "routes/ucenter.order.pdf-page.tsx"),
        layout("routes/messages.notifications.tsx", [route("push", "routes/ucenter.push.tsx")]),
        layout("routes/messages.orders.tsx", { id: "ucenter-orders-messages" }, [
          route("order/list", "routes/ucenter.order.list.tsx"),
          route("order/:code", "routes/ucenter.order.detail.tsx"),
          route("coupon", "routes/ucenter.coupon.tsx"),
        ]),
        layout("routes/messages.esim.tsx", { id: "ucenter-esim-messages" }, [
          route("eSIM", "routes/ucenter.esim.tsx"),
          route("eSIM/:id", "routes/ucenter.esim.detail.tsx"),
          route("purchased", "routes/ucenter.purchased.tsx"),
        ]),
        route("*", "routes/not-found.tsx", { id: "ucenter-not-found" }),
      ]),
      route("404", "routes/not-found-page.tsx", { id: "not-found-page" }),
      route("*", "routes/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
