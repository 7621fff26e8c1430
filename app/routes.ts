import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// spec 2: every route exists without a prefix and with /en_US, /zh_CN, /zh_HK. The optional :lang segment
// carries it; the locale layout answers 404 for any other prefix.
export default [
  // The operator console (issue 16): English and Simplified Chinese by the operator's choice, no :lang prefix.
  route("admin", "routes/admin.tsx", { id: "admin-root" }, [
    route("login", "routes/admin.login.tsx"),
    route("login/totp", "routes/admin.login-totp.tsx"),
    route("enrol", "routes/admin.enrol.tsx"),
    route("logout", "routes/admin.logout.tsx"),
    route("language", "routes/admin.language.tsx"),
    // The page editor's canvas (ADR 0277): the storefront's renderer alone, framed by the editor at a device width.
    route("pages/:id/canvas", "routes/admin.page-canvas.tsx"),
    // Signed-in pages: the layout sends a visitor to sign in and draws the navigation.
    layout("routes/admin.console.tsx", { id: "admin-console" }, [
      index("routes/admin.dashboard.tsx"),
      route("orders", "routes/admin.orders.tsx"),
      route("orders/export", "routes/admin.orders-export.ts"),
      route("orders/:code", "routes/admin.order.tsx"),
      route("refunds/requests", "routes/admin.refund-requests.tsx"),
      route("refunds/policy", "routes/admin.refund-policy.tsx"),
      route("customers", "routes/admin.customers.tsx"),
      route("customers/:id", "routes/admin.customer.tsx"),
      route("esims", "routes/admin.esims.tsx"),
      route("operators", "routes/admin.operators.tsx"),
      route("audit", "routes/admin.audit.tsx"),
      // Merchandising (ADRs 0230-0234): catalogue, prices, plan sheets, marketing, content.
      route("catalog/plans", "routes/admin.plans.tsx"),
      route("catalog/plans/:code", "routes/admin.plan.tsx"),
      route("catalog/destinations", "routes/admin.destinations.tsx"),
      route("catalog/destinations/:code", "routes/admin.destination.tsx"),
      route("catalog/sheet", "routes/admin.plan-sheet.tsx"),
      route("pricing", "routes/admin.pricing.tsx"),
      route("suppliers", "routes/admin.suppliers.tsx"),
      route("reconciliation", "routes/admin.reconciliation.tsx"),
      route("marketing/coupons", "routes/admin.coupons.tsx"),
      route("marketing/coupons/:code", "routes/admin.coupon.tsx"),
      route("marketing/coupon-scopes", "routes/admin.coupon-scopes.ts"),
      route("marketing/campaigns", "routes/admin.campaigns.tsx"),
      route("marketing/words", "routes/admin.words.tsx"),
      route("marketing/invite", "routes/admin.invite.tsx"),
      route("content/reviews", "routes/admin.reviews.tsx"),
      route("content/media", "routes/admin.media.tsx"),
      route("content", "routes/admin.content.tsx"),
      route("content/help/:slug", "routes/admin.help-article.tsx"),
      route("content/notes/:code", "routes/admin.note.tsx"),
      route("pages", "routes/admin.pages.tsx"),
      route("pages/link-targets", "routes/admin.page-link-targets.ts"),
      // The editor's canvas is the storefront's renderer: its handle names the content messages (ADR 0418).
      route("pages/:id", "routes/admin.page-editor.tsx"),
      route("*", "routes/admin.not-found.tsx"),
    ]),
  ]),
  route(":lang?", "routes/locale-layout.tsx", [
    // Resource routes: data for a page's fetchers, outside the shell.
    route("checkout/quote", "routes/checkout.quote.ts"),
    route("content/variant", "routes/content.variant.ts"),
    layout("routes/shell.tsx", [
      // Each page's route module names the message bundles it needs beyond the shell's in its `handle`, and the root
      // loads those of every matched route (app/lib/route-messages.ts, ADR 0418).
      // Content-block pages (content messages).
      index("routes/home.tsx"),
      route("cmsCLP", "routes/cms-clp.tsx"),
      route("preview/:id", "routes/preview.tsx"),
      // China-trip pages (issue 10): content pages with the pages bundle for their own buttons.
      route("gogochina", "routes/gogochina.tsx"),
      route("gogochina/popupContent", "routes/gogochina.popup-content.tsx"),
      route("gogochinaApp", "routes/gogochina-app.tsx"),
      route("uniapp", "routes/uniapp.tsx"),
      // Product pages: the discovery messages come with them (ADR 0286).
      route("plp", "routes/plp.tsx"),
      route("pdp/:id", "routes/pdp.tsx"),
      route("category", "routes/category.tsx"),
      // Accounts (spec 2): login, registration, codes, bind, the authentication view, with the account forms'
      // messages (ADR 0286: no other page's first view needs them).
      route("login", "routes/login.tsx"),
      route("logins/forget-password", "routes/logins.forget-password.tsx"),
      route("logins/verification-code-login", "routes/logins.verification-code-login.tsx"),
      route("logins/preference", "routes/logins.preference.tsx"),
      route("register", "routes/register.tsx"),
      route("bind", "routes/bind.tsx"),
      route("AuthenticationPopupView", "routes/authentication-popup.tsx"),
      // Purchase (spec 2): checkout (whose contact and billing forms and sign-in dialog also use the account forms'
      // messages), payment and its result.
      route("checkout", "routes/checkout.tsx"),
      route("pay", "routes/pay.tsx"),
      route("pay/result", "routes/pay.result.tsx"),
      // eSIM installation help (spec 2): public pages, with their /ucenter twins.
      route("install", "routes/install.tsx"),
      route("install/eSIM-install", "routes/install.esim-install.tsx"),
      route("install/install-guide", "routes/install.install-guide.tsx"),
      route("app_installation_qrcode", "routes/app-installation-qrcode.tsx"),
      route("ucenter/install", "routes/ucenter.install.tsx"),
      route("ucenter/install/eSIM-install", "routes/ucenter.install.esim-install.tsx"),
      route("ucenter/install/install-guide", "routes/ucenter.install.install-guide.tsx"),
      // Legal documents and the public /ucenter pages (issue 10, ADR 0200): no login needed.
      route("pageHtml", "routes/page-html.tsx"),
      route("ucenter/about-us", "routes/ucenter.about-us.tsx"),
      route("ucenter/join-us", "routes/ucenter.join-us.tsx"),
      route("ucenter/help", "routes/ucenter.help.tsx"),
      route("ucenter/help/:slug", "routes/ucenter.help.article.tsx"),
      // Invite rewards (issue 11): the public programme page and a friend's landing page.
      route("sfb", "routes/sfb.tsx"),
      route("sfb/landing/:code", "routes/sfb.landing.tsx"),
      // /my and the protected /ucenter pages: guard layouts that send visitors to login first (ADR 0092). /my's
      // layout names the account messages, which all its pages get.
      route("my", "routes/my.tsx", [
        route("userInfo", "routes/my.user-info.tsx"),
        route("userInfo/more-info", "routes/my.user-info.more-info.tsx"),
        route("userInfo/set-password", "routes/my.user-info.set-password.tsx"),
        route("userInfo/delete", "routes/my.user-info.delete.tsx"),
        route("paymentMethods", "routes/my.payment-methods.tsx"),
        route("order/list", "routes/my.order.list.tsx"),
        route("order/:code", "routes/my.order.detail.tsx"),
        route("coupon", "routes/my.coupon.tsx"),
        route("purchased", "routes/my.purchased.tsx"),
        route("sfb", "routes/my.sfb.tsx"),
        route("sfb/landing/:code", "routes/my.sfb.landing.tsx"),
        route("*", "routes/not-found.tsx", { id: "my-not-found" }),
      ]),
      route("ucenter", "routes/ucenter.tsx", [
        // Protected ucenter pages (coupon, eSIM, order, purchased); the public install help is above.
        route("order/pdf-page", "routes/ucenter.order.pdf-page.tsx"),
        route("push", "routes/ucenter.push.tsx"),
        route("order/list", "routes/ucenter.order.list.tsx"),
        route("order/:code", "routes/ucenter.order.detail.tsx"),
        route("coupon", "routes/ucenter.coupon.tsx"),
        route("eSIM", "routes/ucenter.esim.tsx"),
        route("eSIM/:id", "routes/ucenter.esim.detail.tsx"),
        route("eSIM/:id/top-up", "routes/ucenter.esim.topup.tsx"),
        route("purchased", "routes/ucenter.purchased.tsx"),
        route("*", "routes/not-found.tsx", { id: "ucenter-not-found" }),
      ]),
      route("404", "routes/not-found-page.tsx", { id: "not-found-page" }),
      route("*", "routes/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
