import type { INodeProperties } from 'n8n-workflow';

import { operationProperties, resourceProperty } from './descriptions/operations';
import { pagingProperties } from './descriptions/options';
import { parameterProperties } from './descriptions/parameters';
import { toolProperties } from '../tool/properties';

export const nodeProperties: INodeProperties[] = [
  resourceProperty,
  ...operationProperties,
  ...parameterProperties(),
  ...pagingProperties(),
  ...toolProperties(),
];
