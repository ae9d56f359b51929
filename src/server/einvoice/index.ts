export { EInvoiceError, ProcessingCode } from './einvoice-error';
export type {
  EInvoiceBuyer,
  EInvoiceData,
  EInvoiceFormat,
  EInvoicePaymentMeans,
  EInvoiceResult,
  EInvoiceSeller,
} from './einvoice.types';
export { processingCodeMessage } from './processing-code-message';
export { MAX_EINVOICE_BYTES, readEInvoice, sniffContainer } from './read-einvoice';
export {
  closeEInvoicePool,
  EInvoiceReadPool,
  readEInvoiceInWorker,
} from './worker/worker-pool';
export { lendUploadBuffer, uploadBufferStats, UploadBuffers } from './worker/upload-buffers';
