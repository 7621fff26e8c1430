// The console's roles and permissions live in core/ (issue 33 item 1, ADR 0411), so the console's contracts, which
// import only zod and core/, can name them; the admin module's code keeps importing them from here.
export * from "../../../core/console-permissions.ts";
