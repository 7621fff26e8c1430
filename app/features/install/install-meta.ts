/** Where a page's install-help links stay: the public /install pages or their /ucenter twins. */
export type InstallBase = "/install" | "/ucenter/install";
