// The form kit: react-hook-form checked against the contract's schemas, the packages/ui controls
// bound to it, server errors put back where they belong, a dialog for small edits and a
// multi-step creation flow with a summary.
export { contractResolver, FORM_ERROR } from './contractResolver.ts';
export type { ContractResolverOptions, ContractSchema } from './contractResolver.ts';
export { useContractForm } from './useContractForm.ts';
export type { ContractFormOptions } from './useContractForm.ts';
export { asSentence, defaultMessage, messageFor } from './messages.ts';
export type { ContractIssue, MessageOverride } from './messages.ts';
export {
  applyServerErrors,
  normalizeServerField,
  serverFieldMessage,
  serverFieldOf,
} from './serverErrors.ts';
export type { ServerFieldMap } from './serverErrors.ts';
export {
  FormAlert,
  FormCheckbox,
  FormNumberField,
  FormRadioGroup,
  FormSelect,
  FormSwitch,
  FormTextField,
} from './fields.tsx';
export type {
  FormCheckboxProps,
  FormNumberFieldProps,
  FormRadioGroupProps,
  FormSelectProps,
  FormSwitchProps,
  FormTextFieldProps,
} from './fields.tsx';
export { useFormController } from './useFormController.ts';
export { focusFirstInvalid } from './focus.ts';
export { FormDialog } from './FormDialog.tsx';
export type { FormDialogProps } from './FormDialog.tsx';
export { CreateFlow, withContent } from './CreateFlow.tsx';
export type { CreateFlowProps, CreateStep, StepDeclaration } from './CreateFlow.tsx';
export { CreatePage } from './CreatePage.tsx';
export type { CreatePageProps } from './CreatePage.tsx';
