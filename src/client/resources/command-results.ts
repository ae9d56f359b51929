import type { ComponentType } from 'react';
import { SolvencyResult } from '../widgets/SolvencyResult';

/** Props of the view that shows a command's answer in its dialog. */
export interface CommandResultProps {
  result: unknown;
  /** the shown record the command ran on */
  record?: Record<string, unknown>;
}

/**
 * Commands whose answer the confirmation dialog shows before it closes (instead of the green
 * snackbar), by command name.
 */
export const commandResults: Record<string, ComponentType<CommandResultProps>> = {
  determineSolvency: SolvencyResult,
};
