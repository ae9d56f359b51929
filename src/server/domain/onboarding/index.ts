import type { CommandHandler } from '../../commands/command.types';
import { createClaim, registerCreditorApplication } from './onboarding.handlers';

/** The handlers of schema/commands/onboarding.yaml (public), by command name. */
export const onboardingHandlers: Record<string, CommandHandler> = { registerCreditorApplication, createClaim };
