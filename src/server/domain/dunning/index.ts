export { expireDunningBlocks } from './dunning-block-expiry';
export { runDunningSchedule } from './dunning-run';
