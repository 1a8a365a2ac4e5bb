import { describe, expect, it, vi } from 'vitest';
import {
  LOCAL_SUPABASE_KEY,
  LOCAL_SUPABASE_URL,
  isProductionDeploy,
  lazySupabaseClient,
  resolveSupabaseConfig,
  type FormsClient,
} from '../../src/lib/contact/supabase-config';

describe('resolveSupabaseConfig', () => {
  it('defaults to the local stand-in and the CLI public local publishable key', () => {
    expect(resolveSupabaseConfig({})).toEqual({
      url: 'http://127.0.0.1:54321',
      key: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
    });
    expect(LOCAL_SUPABASE_URL).toBe('http://127.0.0.1:54321');
    expect(LOCAL_SUPABASE_KEY).toBe('sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH');
  });

  it('uses the PUBLIC_ variables when set (trailing slash removed)', () => {
    expect(
      resolveSupabaseConfig({
        PUBLIC_SUPABASE_URL: 'https://abc.supabase.co/',
        PUBLIC_SUPABASE_KEY: 'sb_publishable_x',
        DEPLOY_ENV: 'production',
      }),
    ).toEqual({ url: 'https://abc.supabase.co', key: 'sb_publishable_x' });
  });

  it('refuses a production build without the variables, naming them', () => {
    expect(() => resolveSupabaseConfig({ DEPLOY_ENV: 'production' })).toThrow(
      /PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_KEY/,
    );
    expect(() =>
      resolveSupabaseConfig({
        CONTEXT: 'production',
        PUBLIC_SUPABASE_URL: 'https://abc.supabase.co',
      }),
    ).toThrow(/without PUBLIC_SUPABASE_KEY/);
    expect(() =>
      resolveSupabaseConfig({ DEPLOY_ENV: 'production', PUBLIC_SUPABASE_KEY: 'k' }),
    ).toThrow(/without PUBLIC_SUPABASE_URL:/);
  });

  it('lets previews and local builds use the defaults', () => {
    expect(isProductionDeploy({ CONTEXT: 'deploy-preview' })).toBe(false);
    expect(isProductionDeploy({ DEPLOY_ENV: 'staging' })).toBe(false);
    expect(resolveSupabaseConfig({ CONTEXT: 'deploy-preview' }).url).toBe(LOCAL_SUPABASE_URL);
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => resolveSupabaseConfig({ PUBLIC_SUPABASE_URL: 'abc.supabase.co' })).toThrow(
      /PUBLIC_SUPABASE_URL must be an http/,
    );
  });
});

describe('lazySupabaseClient', () => {
  it('loads the client on first use only, once, and retries after a failed load', async () => {
    const client = {} as FormsClient;
    const load = vi
      .fn<() => Promise<FormsClient>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(client);
    const get = lazySupabaseClient(load);
    expect(load).not.toHaveBeenCalled();
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe(client);
    expect(await get()).toBe(client);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
