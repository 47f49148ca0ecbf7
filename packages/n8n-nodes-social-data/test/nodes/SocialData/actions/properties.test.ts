import {
  SETTING_LABELS,
  USER_SETTINGS,
  catalog,
  endpointIds,
  endpointSpec,
  isPaginated,
} from '@social-data/core';
import type { EndpointId } from '@social-data/core';
import type { INodeProperties } from 'n8n-workflow';

import { SocialDataApi } from '../../../../credentials/SocialDataApi.credentials';
import { SocialData } from '../../../../nodes/SocialData/SocialData.node';
import { CREDENTIAL_TITLE } from '../../../../nodes/shared/credential';
import { SocialDataTrigger } from '../../../../nodes/SocialDataTrigger/SocialDataTrigger.node';

const { description } = new SocialData();
const properties = description.properties;

/** The fields n8n shows for one resource/operation pair, as its displayOptions decide. */
function visibleFor(id: EndpointId, values: Record<string, unknown> = {}): INodeProperties[] {
  const state: Record<string, unknown> = {
    resource: catalog[id].resource,
    operation: id,
    returnAll: false,
    ...values,
  };
  return properties.filter((property) =>
    Object.entries(property.displayOptions?.show ?? {}).every(([name, allowed]) =>
      (allowed as unknown[]).includes(state[name]),
    ),
  );
}

function namesFor(id: EndpointId, values?: Record<string, unknown>): string[] {
  return visibleFor(id, values).map((property) => property.name);
}

describe('the node description, generated from the catalog', () => {
  it('offers every catalog endpoint exactly once, under its resource, with a label and description', () => {
    const offered = properties
      .filter((property) => property.name === 'operation')
      .flatMap((picker) =>
        (picker.options as Array<{ value: string; action: string; description: string }>).map((option) => ({
          ...option,
          resource: (picker.displayOptions?.show?.resource as string[])[0],
        })),
      );
    expect(offered.map((option) => option.value).sort()).toEqual([...endpointIds].sort());
    for (const option of offered) {
      const spec = catalog[option.value as EndpointId];
      expect(option.resource).toBe(spec.resource);
      expect(option.action).toBe(spec.action);
      expect(option.description.length).toBeGreaterThan(20);
    }
  });

  it.each(endpointIds)('%s shows exactly one field for each parameter it requires', (id) => {
    const required = Object.entries(endpointSpec(id).params)
      .filter(([, spec]) => spec.required)
      .map(([name]) => name);
    for (const name of required) expect(namesFor(id).filter((field) => field === name)).toHaveLength(1);
  });

  it.each(endpointIds.filter(isPaginated))('%s has Return All, Limit 50 and the paging options', (id) => {
    expect(namesFor(id)).toEqual(expect.arrayContaining(['returnAll', 'limit', 'options']));
    expect(namesFor(id, { returnAll: true })).not.toContain('limit');
    expect(visibleFor(id).find((field) => field.name === 'limit')?.default).toBe(50);
    const options = visibleFor(id).find((field) => field.name === 'options')?.options as INodeProperties[];
    const names = options.map((option) => option.name);
    expect(names).toEqual(expect.arrayContaining(['startCursor', 'maxPages', 'simplify', 'outputMode']));
    const range = endpointSpec(id).count;
    const pageSize = options.find((option) => option.name === 'pageSize');
    if (!range) expect(pageSize).toBeUndefined();
    else {
      // The panel refuses what the API would: a fraction, below the minimum, above the maximum.
      expect(pageSize?.typeOptions).toEqual({
        minValue: range.min,
        ...(range.max ? { maxValue: range.max } : {}),
        numberPrecision: 0,
      });
      // It starts at the API's own page size, or 20 where the API names none.
      expect(pageSize?.default).toBe(range.default ?? 20);
    }
  });

  it('declares one credential for every operation, so n8n picks it without a second choice', () => {
    expect(description.credentials).toEqual([{ name: 'socialDataApi', required: true }]);
    expect(new SocialDataTrigger().description.credentials).toEqual([
      { name: 'socialDataApi', required: true },
    ]);
  });

  it('offers every setting in the credential form, by the label messages name it with', () => {
    const form = new SocialDataApi().properties;
    expect(new SocialDataApi().displayName).toBe(CREDENTIAL_TITLE);
    expect(form.map(({ name }) => name)).toEqual([
      'apiKey',
      'baseUrl',
      'cookie',
      'proxy',
      'testNotice',
      'allowInsecureHttp',
    ]);
    for (const name of USER_SETTINGS)
      expect(form.find((property) => property.name === name)?.displayName).toBe(SETTING_LABELS[name]);
    // The key and the session are dots on screen; only the key and the address are required.
    const shown = (name: string) => form.find((property) => property.name === name)!;
    expect(form.filter(({ typeOptions }) => typeOptions?.password).map(({ name }) => name)).toEqual([
      'apiKey',
      'cookie',
      'proxy',
    ]);
    expect(form.filter(({ required }) => required).map(({ name }) => name)).toEqual(['apiKey', 'baseUrl']);
    expect(shown('allowInsecureHttp')).toMatchObject({ type: 'boolean', default: false });
  });

  it('lets users paste links for users, lists, communities and topics', () => {
    const locators = properties.filter((property) => property.type === 'resourceLocator');
    expect(locators.map((locator) => locator.name).sort()).toEqual([
      'community_id',
      'list_id',
      'topic_id',
      'userName',
    ]);
    for (const locator of locators) expect(locator.modes?.map((mode) => mode.name)).toContain('url');
  });

  it('can be used as an AI agent tool', () => {
    expect(description.usableAsTool).toBe(true);
  });
});

describe('the small texts of the panel (issue 19, point 5)', () => {
  const simplifyHelp = (id: EndpointId) =>
    (
      visibleFor(id)
        .find((property) => property.name === 'options')
        ?.options?.find((option) => option.name === 'simplify') as INodeProperties | undefined
    )?.description;

  it('promises author_ fields and media URLs only where the records are tweets', () => {
    expect(simplifyHelp('getUserTweets')).toMatch(/author_ fields, media URLs/);
    expect(simplifyHelp('getUserFollowers')).not.toMatch(/author_|media/);
    expect(simplifyHelp('getUserFollowers')).toMatch(/profile_url and an ISO date/);
    expect(simplifyHelp('getUser')).toMatch(/profile_url/);
  });

  it('labels every locator mode with one word, short enough for the mode picker and alike', () => {
    const userName = properties.find((property) => property.name === 'userName');
    expect(userName?.modes?.map((mode) => mode.displayName)).toEqual(['Name', 'URL']);
    const labels = new Set(
      properties.flatMap((property) => property.modes?.map((mode) => mode.displayName) ?? []),
    );
    expect([...labels].sort()).toEqual(['ID', 'Name', 'URL']);
  });

  it('links the Docs tab to a README section without n8n adding its query after the anchor', () => {
    expect(description.documentationUrl).toMatch(/^https:\/\/.*#operations$/);
    expect(new SocialDataTrigger().description.documentationUrl).toMatch(/^https:\/\/.*#trigger$/);
  });
});
