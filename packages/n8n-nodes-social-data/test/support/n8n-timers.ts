import { Container } from '@n8n/di';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';

/** n8n-core 1.x starts an SSH clean-up interval that is not unref'd; stop it so jest can exit. */
export function stopN8nTimers(): void {
  Container.get(SSHClientsManager).onShutdown();
}
