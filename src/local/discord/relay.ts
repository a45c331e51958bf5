import type { Gateway } from './gateway.ts';
import type { LocalMessage } from './types.ts';
import type { World } from './world.ts';

/** Gateway events for the bot's own messages (ephemeral ones stay silent, as on Discord). */
export interface MessageRelay {
  created(message: LocalMessage): void;
  updated(message: LocalMessage): void;
  deleted(message: LocalMessage): void;
}

export function messageRelay(world: World, gateway: Gateway): MessageRelay {
  const intent = (m: LocalMessage) => (m.guildId ? 'guildMessages' : 'directMessages');
  return {
    created(message) {
      if (!message.ephemeralFor) gateway.dispatch(message.guildId, 'MESSAGE_CREATE', world.messageJson(message), intent(message));
    },
    updated(message) {
      if (!message.ephemeralFor) gateway.dispatch(message.guildId, 'MESSAGE_UPDATE', world.messageJson(message), intent(message));
    },
    deleted(message) {
      if (message.ephemeralFor) return;
      const data = { id: message.id, channel_id: message.channelId, ...(message.guildId ? { guild_id: message.guildId } : {}) };
      gateway.dispatch(message.guildId, 'MESSAGE_DELETE', data, intent(message));
    },
  };
}
