import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { ENV_VARIABLES, readEnv } from "../server/env.ts";
import { type Health, registerHealthRoutes } from "../server/health.ts";

// The deploy artifacts (issue 34 item 5, ADR 0329), checked against the server itself: no container daemon here,
// so the Dockerfile, the compose file, HAProxy's configuration and the Kubernetes manifests are parsed and held to
// the env schema (every variable production requires is given, none is unknown), the route table (every probe and
// health check names a real endpoint) and package.json (every command exists).

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
/** What `npm run X` runs, without its leading VAR=value assignments (the image sets those itself). */
const scriptCommands = Object.values(scripts).map((command) => command.replace(/^(\w+=\S+\s+)+/, ""));

/** The endpoints every role serves, as Fastify registers them. */
const routes = Fastify({ logger: false });
beforeAll(async () => {
  registerHealthRoutes(routes, { check: async () => ({ ready: true }) } as unknown as Health, "postgres");
  await routes.ready();
});
afterAll(() => routes.close());
const isRoute = (url: string) => routes.hasRoute({ method: "GET", url });

/** A command an artifact runs: `npm run X` with X in package.json, or the `node file` some script runs. */
function commandExists(command: string[]): boolean {
  if (command[0] === "npm" && command[1] === "run") return command[2]! in scripts;
  if (command[0] === "node") return scriptCommands.includes(command.join(" "));
  return false;
}

/** Values a deployment would fill in, shaped as the schema wants them. */
function sample(name: string): string {
  if (/(_URL|ORIGIN|ENDPOINT)$/.test(name)) return "https://placeholder.example";
  return "placeholder-value-of-more-than-thirty-two-characters";
}

/** Compose's ${NAME}, ${NAME:-default} and ${NAME:?error}: defaults kept, the operator's values sampled. */
function interpolate(value: string): string {
  return value.replace(
    /\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g,
    (_all, name: string, op?: string, rest?: string) => (op?.endsWith("-") ? (rest ?? "") : sample(name)),
  );
}

function expectServerAccepts(env: Record<string, string>, where: string) {
  for (const name of Object.keys(env))
    expect(ENV_VARIABLES, `${where}: unknown variable ${name}`).toContain(name);
  expect(env.NODE_ENV, where).toBe("production");
  expect(() => readEnv(env), where).not.toThrow();
}

describe("Dockerfile", () => {
  const lines = read("Dockerfile")
    .replace(/\\\n/g, " ")
    .split("\n")
    .filter((line) => line.trim() && !line.trim().startsWith("#"));
  const froms = lines.filter((line) => /^FROM\s/i.test(line));
  const last = lines.slice(lines.lastIndexOf(froms.at(-1)!));

  it("is multi-stage, on Node 22 slim, building inside and keeping production dependencies only", () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) expect(from).toMatch(/^FROM node:22[\w.-]*-slim\b/);
    const run = lines.filter((line) => line.startsWith("RUN")).join("\n");
    expect(run).toContain("npm ci");
    expect(run).toContain("npm run build");
    expect(run).toMatch(/npm prune --omit=dev|npm ci --omit=dev/);
    // The runtime stage copies what the server imports at run time.
    for (const folder of ["node_modules", "build", "server", "core", "db", "app", "scripts"])
      expect(
        last.some((line) => new RegExp(`^COPY .*/app/${folder} \\./${folder}$`).test(line)),
        folder,
      ).toBe(true);
  });

  it("runs as a non-root user, checks /healthz, and starts a command of package.json", () => {
    const user = last
      .filter((line) => line.startsWith("USER "))
      .at(-1)
      ?.slice(5)
      .trim();
    expect(user).toBeDefined();
    expect(["root", "0", "0:0"]).not.toContain(user);
    const healthcheck = last.find((line) => line.startsWith("HEALTHCHECK"))!;
    const healthPath = /127\.0\.0\.1:'\+\(process\.env\.PORT\|\|3000\)\+'(\/\w+)/.exec(healthcheck)?.[1];
    expect(healthPath).toBe("/healthz");
    expect(isRoute(healthPath!)).toBe(true);
    const cmd = JSON.parse(last.find((line) => line.startsWith("CMD "))!.slice(4)) as string[];
    expect(commandExists(cmd), cmd.join(" ")).toBe(true);
    const env = last.filter((line) => line.startsWith("ENV ")).join(" ");
    for (const [, name] of env.matchAll(/(?:^|\s)([A-Z_]+)=/g))
      if (name !== "NODE_OPTIONS") expect(ENV_VARIABLES).toContain(name);
    expect(env).toContain("NODE_ENV=production");
  });
});

describe("deploy/compose.yaml", () => {
  const compose = parse(read("deploy/compose.yaml"), { merge: true }) as {
    services: Record<string, Record<string, unknown>>;
  };
  const services = compose.services;
  const appServices = Object.entries(services).filter(([, service]) => "build" in service);
  const envOf = (service: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries((service.environment ?? {}) as Record<string, string>).map(([k, v]) => [
        k,
        interpolate(String(v)),
      ]),
    );

  it("has PostgreSQL 16, Redis 7, a one-shot migration, two web instances, one worker and HAProxy", () => {
    expect(services.postgres?.image).toMatch(/^postgres:16/);
    expect(services.redis?.image).toMatch(/^redis:7/);
    expect(services.migrate?.restart).toBe("no");
    expect(commandExists(services.migrate?.command as string[])).toBe(true);
    const roles = appServices.map(([, service]) => envOf(service).ROLE).filter(Boolean);
    expect(roles.filter((role) => role === "web")).toHaveLength(2);
    expect(roles.filter((role) => role === "worker")).toHaveLength(1);
    expect(services.haproxy?.image).toMatch(/^haproxy:/);
    expect(services.haproxy?.volumes).toContain("./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro");
  });

  it("gives every instance and the migration what production requires, and only variables the server reads", () => {
    expect(appServices.length).toBe(4);
    for (const [name, service] of appServices) expectServerAccepts(envOf(service), `compose ${name}`);
  });

  it("checks instances on /readyz and starts them only after the migration succeeded", () => {
    for (const [name, service] of appServices.filter(([n]) => n !== "migrate")) {
      const test = (service.healthcheck as { test: string[] }).test.join(" ");
      const url = /http:\/\/127\.0\.0\.1:3000(\/\w+)/.exec(test)?.[1];
      expect(url, name).toBe("/readyz");
      expect(isRoute(url!)).toBe(true);
      expect(service.depends_on, name).toMatchObject({
        migrate: { condition: "service_completed_successfully" },
      });
    }
  });
});

describe("deploy/haproxy.cfg", () => {
  const config = read("deploy/haproxy.cfg");

  it("ends TLS, checks each web instance on a readiness endpoint, and balances over every web service", () => {
    expect(config).toMatch(/bind :443 ssl crt \S+/);
    const check = /http-check send meth GET uri (\S+)/.exec(config)?.[1];
    expect(check).toBe("/readyz");
    expect(isRoute(check!)).toBe(true);
    const compose = parse(read("deploy/compose.yaml"), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    const webs = Object.entries(compose.services)
      .filter(([, service]) => service.environment?.ROLE === "web")
      .map(([name]) => name);
    const servers = [...config.matchAll(/^\s*server (\S+) (\S+):3000/gm)].map((m) => m[2]);
    expect(servers.sort()).toEqual(webs.sort());
  });

  const haproxy = spawnSync("haproxy", ["-v"]).status === 0;
  it.skipIf(!haproxy)("passes haproxy -c (with a throwaway certificate)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "haproxy-check-"));
    try {
      execFileSync(
        "openssl",
        [
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-subj",
          "/CN=localhost",
          "-days",
          "1",
          "-keyout",
          path.join(dir, "site.pem"),
          "-out",
          path.join(dir, "cert.pem"),
        ],
        { stdio: "ignore" },
      );
      writeFileSync(
        path.join(dir, "site.pem"),
        readFileSync(path.join(dir, "cert.pem"), "utf8") + readFileSync(path.join(dir, "site.pem"), "utf8"),
      );
      writeFileSync(
        path.join(dir, "haproxy.cfg"),
        config.replace(/crt \S+/, `crt ${path.join(dir, "site.pem")}`),
      );
      const result = spawnSync("haproxy", ["-c", "-f", path.join(dir, "haproxy.cfg")], { encoding: "utf8" });
      expect(result.status, result.stdout + result.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("deploy/k8s", () => {
  type Doc = {
    kind: string;
    metadata: { name: string; labels?: Record<string, string> };
    [key: string]: unknown;
  };
  const docs: Doc[] = readdirSync(path.join(root, "deploy/k8s"))
    .filter((file) => file.endsWith(".yaml"))
    .flatMap((file) => parseAllDocuments(read(`deploy/k8s/${file}`)).map((doc) => doc.toJS() as Doc));
  const find = (kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata.name === name);
  const secret = (find("Secret", "roamly-secrets") as { stringData: Record<string, string> } | undefined)
    ?.stringData;
  const config = (find("ConfigMap", "roamly-config") as { data: Record<string, string> } | undefined)?.data;
  type Container = {
    command?: string[];
    env?: { name: string; value: string }[];
    envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
    readinessProbe?: { httpGet: { path: string } };
    livenessProbe?: { httpGet: { path: string } };
    startupProbe?: { httpGet: { path: string } };
  };
  type PodSpec = { containers: Container[]; securityContext?: { runAsNonRoot?: boolean } };
  const podOf = (doc: Doc) => (doc.spec as { template: { spec: PodSpec } }).template.spec;
  const envOf = (container: Container) => {
    const env: Record<string, string> = {};
    for (const from of container.envFrom ?? []) {
      if (from.configMapRef) Object.assign(env, from.configMapRef.name === "roamly-config" ? config : {});
      if (from.secretRef) Object.assign(env, from.secretRef.name === "roamly-secrets" ? secret : {});
    }
    for (const { name, value } of container.env ?? []) env[name] = value;
    return env;
  };
  const workloads = [
    ["Deployment", "roamly-web"],
    ["Deployment", "roamly-worker"],
    ["Job", "roamly-migrate"],
  ] as const;

  it("has web and worker Deployments, a migration Job, an HPA on CPU for web and a PodDisruptionBudget", () => {
    for (const [kind, name] of workloads) expect(find(kind, name), `${kind} ${name}`).toBeDefined();
    expect(envOf(podOf(find("Deployment", "roamly-web")!).containers[0]!).ROLE).toBe("web");
    expect(envOf(podOf(find("Deployment", "roamly-worker")!).containers[0]!).ROLE).toBe("worker");
    expect(podOf(find("Job", "roamly-migrate")!).containers[0]!.command).toEqual(["npm", "run", "migrate"]);
    const hpa = find("HorizontalPodAutoscaler", "roamly-web") as unknown as {
      spec: { scaleTargetRef: { kind: string; name: string }; metrics: { resource: { name: string } }[] };
    };
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: "Deployment", name: "roamly-web" });
    expect(hpa.spec.metrics.map((m) => m.resource.name)).toContain("cpu");
    const pdb = docs.find((d) => d.kind === "PodDisruptionBudget") as unknown as {
      spec: { selector: { matchLabels: Record<string, string> } };
    };
    const webLabels = (
      find("Deployment", "roamly-web")!.spec as { template: { metadata: { labels: object } } }
    ).template.metadata.labels;
    expect(webLabels).toMatchObject(pdb.spec.selector.matchLabels);
  });

  it("gives every workload what production requires (Secret template and ConfigMap), and only known variables", () => {
    expect(secret).toBeDefined();
    for (const [kind, name] of workloads) {
      const pod = podOf(find(kind, name)!);
      expect(pod.securityContext?.runAsNonRoot, name).toBe(true);
      for (const container of pod.containers) {
        expectServerAccepts(envOf(container), `${kind} ${name}`);
        if (container.command)
          expect(commandExists(container.command), container.command.join(" ")).toBe(true);
      }
    }
  });

  it("points every probe at a real endpoint: readiness at /readyz, liveness at /healthz", () => {
    for (const name of ["roamly-web", "roamly-worker"]) {
      const container = podOf(find("Deployment", name)!).containers[0]!;
      expect(container.readinessProbe?.httpGet.path).toBe("/readyz");
      expect(container.livenessProbe?.httpGet.path).toBe("/healthz");
      for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe])
        if (probe) expect(isRoute(probe.httpGet.path), `${name} ${probe.httpGet.path}`).toBe(true);
    }
  });
});
