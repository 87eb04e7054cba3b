import { AppError, capabilitiesOf } from '@vireo/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAudit, fakeClock, fakeDb, fakeRepository } from '../../../test/fakes';
import { accountStub } from '../../../test/stubs';
import { createServicesRepository, type EquipmentRow } from './services.repository';
import { createServicesService } from './services.service';

const harbor = accountStub.harbor();
const owner = { userId: 'user-1', accountId: harbor.id, capabilities: capabilitiesOf('PRIMARY') };
const staff = { ...owner, capabilities: capabilitiesOf('STANDARD') };

const device = (overrides: Partial<EquipmentRow> = {}): EquipmentRow => ({
  id: 'device-modem',
  accountId: harbor.id,
  serviceKey: 'INTERNET',
  deviceType: 'modem',
  model: 'Vireo DOCSIS 3.1 Business Gateway',
  identifier: '00:1A:2B:3C:10:01',
  nickname: null,
  installedOn: '2025-10-10',
  ...overrides,
});
const DVR = device({ id: 'device-dvr', serviceKey: 'VIDEO', deviceType: 'dvr', identifier: 'SN-HDV-4410-7731' });

/** The services service over fakes (services.int.test.ts proves the queries and the routes). */
function setup(footprint: 'CHTR' | 'TWC' | 'BHN' = 'CHTR') {
  const repo = fakeRepository(createServicesRepository);
  const audit = fakeAudit();
  const networkOps = {
    deviceStatuses: vi.fn(
      async (_ex: unknown, _now: Date, _account: unknown, devices: readonly { identifier: string }[]) =>
        new Map(devices.map((device) => [device.identifier, 'online' as const])),
    ),
    restart: vi.fn(async () => 'online' as const),
  };
  const sut = createServicesService({
    db: fakeDb(),
    clock: fakeClock('2026-11-21T15:00:00Z', '2026-11-21'),
    repo,
    accounts: { get: vi.fn(async () => ({ ...harbor, footprint })) },
    networkOps,
    audit,
  });
  repo.services.mockResolvedValue([
    { key: 'VOICE', status: 'Assigned' },
    { key: 'INTERNET', status: 'Active' },
    { key: 'VIDEO', status: 'Active' },
  ]);
  repo.plansOn.mockResolvedValue([
    { category: 'internet', description: 'Business Internet Gig' },
    { category: 'phone', description: 'Business Voice, 3 lines' },
    { category: 'mobile', description: 'Mobile lines' },
  ]);
  repo.lineCount.mockResolvedValue(3);
  repo.serviceAddress.mockResolvedValue(null);
  repo.equipment.mockResolvedValue([device(), DVR]);
  return { sut, repo, audit, networkOps };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof AppError ? [error.code, JSON.stringify(error.fields ?? [])] : String(error)),
  );

describe('services service', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it('lists internet, TV and phone in that order, each with its own plans (a mobile plan is no service here)', async () => {
    const answer = await t.sut.getServices(owner);
    expect(answer.services.map((s) => [s.key, s.plans, s.lineCount])).toEqual([
      ['INTERNET', ['Business Internet Gig'], null],
      ['VIDEO', [], null],
      ['VOICE', ['Business Voice, 3 lines'], 3],
    ]);
    // the plans of today in the account's zone
    expect(t.repo.plansOn).toHaveBeenCalledWith(expect.anything(), harbor.id, '2026-11-21');
  });

  it('masks identifiers and lets only services.manage rename, where spec §5 allows', async () => {
    const asOwner = (await t.sut.getServices(owner)).services.flatMap((s) => s.equipment);
    expect(asOwner.map((d) => [d.deviceType, d.identifier, d.canNickname, d.status])).toEqual([
      ['modem', '•••• 1001', true, 'online'],
      ['dvr', '•••• 7731', false, 'online'],
    ]);
    const asStaff = (await t.sut.getServices(staff)).services.flatMap((s) => s.equipment);
    expect(asStaff.some((d) => d.canNickname)).toBe(false);
    // on BHN a DVR may be named
    const bhn = setup('BHN');
    const dvr = (await bhn.sut.getServices(owner)).services
      .flatMap((s) => s.equipment)
      .find((d) => d.id === 'device-dvr');
    expect(dvr?.canNickname).toBe(true);
  });

  it('answers every status unknown when network operations do not answer', async () => {
    t.networkOps.deviceStatuses.mockResolvedValue(null as never);
    const answer = await t.sut.getServices(owner);
    expect(answer.deviceStatusAvailable).toBe(false);
    expect(answer.services.flatMap((s) => s.equipment).map((d) => d.status)).toEqual(['unknown', 'unknown']);
  });

  describe('setNickname', () => {
    it('names a device, trimmed, and audits the change', async () => {
      t.repo.lockDevice.mockResolvedValue(device());
      const named = await t.sut.setNickname(owner, 'device-modem', '  Front desk  ');
      expect(named.nickname).toBe('Front desk');
      expect(t.repo.setNickname).toHaveBeenCalledWith(expect.anything(), 'device-modem', 'Front desk');
      expect(t.audit.entries).toMatchObject([
        { action: 'equipment.renamed', targetId: 'device-modem', data: { from: null, to: 'Front desk' } },
      ]);
    });

    it('writes nothing for an unchanged name, and removes a name given as empty', async () => {
      t.repo.lockDevice.mockResolvedValue(device({ nickname: 'Front desk' }));
      await t.sut.setNickname(owner, 'device-modem', 'Front desk');
      expect(t.repo.setNickname).not.toHaveBeenCalled();
      expect(t.audit.entries).toEqual([]);
      expect((await t.sut.setNickname(owner, 'device-modem', '')).nickname).toBe(null);
      expect(t.audit.entries).toMatchObject([{ data: { from: 'Front desk', to: null } }]);
    });

    it('refuses spec §5’s devices on CHTR and a bad name on the nickname field; 404 for a device not the account’s', async () => {
      t.repo.lockDevice.mockResolvedValue(DVR);
      expect(await codeOf(t.sut.setNickname(owner, 'device-dvr', 'Lobby TV'))).toEqual([
        'VALIDATION_FAILED',
        JSON.stringify([{ path: 'body.nickname', code: 'services.nickname.notAllowed' }]),
      ]);
      t.repo.lockDevice.mockResolvedValue(device());
      expect(await codeOf(t.sut.setNickname(owner, 'device-modem', 'two\nlines'))).toEqual([
        'VALIDATION_FAILED',
        JSON.stringify([{ path: 'body.nickname', code: 'services.nickname.invalid' }]),
      ]);
      t.repo.lockDevice.mockResolvedValue(null);
      expect((await codeOf(t.sut.setNickname(owner, 'elsewhere', 'Mine')))[0]).toBe('NOT_FOUND');
      expect(t.repo.setNickname).not.toHaveBeenCalled();
      expect(t.audit.entries).toEqual([]);
    });
  });
});
