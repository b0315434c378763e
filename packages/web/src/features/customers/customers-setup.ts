import { accountsResource } from '@regie/contract/resources/accounts';
import type { ResourceSetup } from '../../resources/customization.ts';
import { AccountKeyInput, ModulesInput } from './AccountFields.tsx';
import { CacheTab } from './CacheTab.tsx';
import { ConfigInput, toConfig } from './ConfigInput.tsx';

/**
 * /account/customers: the generic list and edit screens of `accounts` (contract
 * resources/accounts.ts), with tabs infos (the key to copy), modules (grouped switches), config
 * (theme, languages, contact) and cache (purges, not a form).
 */
export const customersSetup: ResourceSetup = {
  resource: accountsResource,
  custom: {
    fields: {
      // Made by the server when the account is created.
      accountKey: { Input: AccountKeyInput, hidden: ({ creating }) => creating },
      modules: { Input: ModulesInput, optionKey: (code) => `module.${code}`, wide: true },
      config: { Input: ConfigInput, toForm: toConfig, toBody: (config) => config, wide: true },
    },
    tabPanels: { cache: CacheTab },
  },
};
