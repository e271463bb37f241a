import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const yamlFile = (path: string) => parse(readFileSync(repo(path), 'utf8'), { strict: true, uniqueKeys: true }) as Record<string, unknown>;

type Service = { image: string; profiles?: string[]; volumes?: string[]; secrets?: string[]; environment?: Record<string, string> };
const compose = yamlFile('docker-compose.yml') as { services: Record<string, Service>; secrets: Record<string, { environment?: string }> };
const prometheus = yamlFile('infra/monitoring/prometheus/prometheus.yml') as {
  scrape_configs: Array<{ job_name: string; metrics_path: string; authorization: { type: string; credentials_file: string }; dns_sd_configs: Array<{ names: string[]; port: number }> }>;
};
const datasources = yamlFile('infra/monitoring/grafana/provisioning/datasources/prometheus.yml') as { datasources: Array<{ uid: string; type: string; url: string }> };
const dashboardProviders = yamlFile('infra/monitoring/grafana/provisioning/dashboards/autobest.yml') as { providers: Array<{ options: { path: string } }> };
const dashboard = JSON.parse(readFileSync(repo('infra/monitoring/grafana/dashboards/autobest.json'), 'utf8')) as {
  uid: string;
  panels: Array<{ type: string; title: string; datasource?: { uid: string }; targets?: Array<{ expr: string; datasource: { uid: string } }> }>;
};

/** Where a service's read-only bind mount of a file or folder of this repository lands in its container. */
const mountOf = (service: Service, source: string) => {
  const volume = service.volumes?.find((entry) => entry.startsWith(`./${source}:`));
  if (!volume) throw new Error(`${source} is not mounted`);
  return volume.split(':')[1]!;
};

describe('the monitoring profile of docker-compose.yml', () => {
  it('adds Prometheus and Grafana only with --profile monitoring, from the files in infra/monitoring', () => {
    const monitoring = Object.entries(compose.services).filter(([, service]) => service.profiles?.includes('monitoring'));
    expect(monitoring.map(([name]) => name).sort()).toEqual(['grafana', 'prometheus']);
    for (const [, service] of monitoring) {
      for (const volume of service.volumes ?? []) {
        if (volume.startsWith('./')) expect(existsSync(repo(volume.split(':')[0]!)), volume).toBe(true);
      }
    }
    // The rest of the stack runs without the profile.
    for (const name of ['postgres', 'redis', 'api', 'workers']) expect(compose.services[name]?.profiles).toBeUndefined();
  });

  it('scrapes /metrics of every API process with the METRICS_TOKEN the API checks, handed over as a secret file', () => {
    const [job] = prometheus.scrape_configs;
    expect(prometheus.scrape_configs).toHaveLength(1);
    expect(job!.metrics_path).toBe('/metrics');
    expect(job!.dns_sd_configs).toEqual([{ names: ['api'], type: 'A', port: 3000 }]);
    expect(job!.authorization.type).toBe('Bearer');
    expect(compose.secrets['metrics_token']).toEqual({ environment: 'METRICS_TOKEN' });
    expect(compose.services['prometheus']!.secrets).toEqual(['metrics_token']);
    expect(job!.authorization.credentials_file).toBe('/run/secrets/metrics_token');
    expect(mountOf(compose.services['prometheus']!, 'infra/monitoring/prometheus/prometheus.yml')).toBe('/etc/prometheus/prometheus.yml');
    expect(compose.services['api']!.environment?.['METRICS_TOKEN']).toBe('${METRICS_TOKEN:-}');
  });

  it('provisions Grafana with the Prometheus data source and the dashboard, whose panels all use it', () => {
    const grafana = compose.services['grafana']!;
    expect(mountOf(grafana, 'infra/monitoring/grafana/provisioning')).toBe('/etc/grafana/provisioning');
    expect(mountOf(grafana, 'infra/monitoring/grafana/dashboards')).toBe(dashboardProviders.providers[0]!.options.path);
    const [source] = datasources.datasources;
    expect(source).toMatchObject({ type: 'prometheus', url: 'http://prometheus:9090' });

    const charts = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(charts.length).toBeGreaterThan(15);
    for (const panel of charts) {
      expect(panel.datasource?.uid, panel.title).toBe(source!.uid);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.datasource.uid, panel.title).toBe(source!.uid);
    }
    const titles = charts.map((panel) => panel.title).join('\n');
    for (const topic of ['Requests per second by route', 'Latency p95 by route', '5xx', 'Projection lag', 'Queue depth', 'Failed jobs', 'Exchange rates age', 'Email backlog']) {
      expect(titles).toContain(topic);
    }
  });
});
