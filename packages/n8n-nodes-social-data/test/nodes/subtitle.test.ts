import type { INodeParameters } from 'n8n-workflow';

import { SocialData } from '../../nodes/SocialData/SocialData.node';
import { SocialDataTrigger } from '../../nodes/SocialDataTrigger/SocialDataTrigger.node';
import { evaluate } from '../support/expression';

/** The subtitle as n8n's own expression engine renders it under a node on the canvas. */
const subtitleOf = (subtitle: string | undefined, parameters: INodeParameters) =>
  evaluate(subtitle ?? '', { parameters });

describe('the canvas subtitle (issue 19, point 4)', () => {
  const action = new SocialData().description.subtitle;
  const trigger = new SocialDataTrigger().description.subtitle;

  it.each([
    ['getUserFollowers', 'user', 'User → Get Followers'],
    ['getBookmarks', 'bookmark', 'Bookmark → Get Many'],
    ['getUsersByIds', 'user', 'User → Get Many by ID'],
  ])('shows %s as the panel names it', (operation, resource, shown) => {
    expect(subtitleOf(action, { resource, operation })).toBe(shown);
  });

  it('shows an operation this version does not know as it is stored', () => {
    expect(subtitleOf(action, { resource: 'user', operation: 'getSomethingNew' })).toBe('getSomethingNew');
  });

  it('shows the trigger event by its name', () => {
    expect(subtitleOf(trigger, { event: 'newFollower' })).toBe('New Follower');
  });
});
