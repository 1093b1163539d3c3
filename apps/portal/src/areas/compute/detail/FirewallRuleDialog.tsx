import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import {
  CIDR_PATTERN,
  FirewallRuleBody,
  PORTS_PATTERN,
  type FirewallRuleBody as RuleBody,
  type Vm,
} from '@portal/api/contract';
import { Alert } from '@portal/ui';
import {
  FormDialog,
  FormRadioGroup,
  FormSelect,
  FormTextField,
  useContractForm,
} from '../../../kit/form/index.ts';
import { vmApis } from './vmApis.ts';
import { useVmTask } from './vmTasks.ts';
import { dialogTask } from '../../../kit/useTaskAction.ts';

/** The form's values: the choices start empty, so nothing is allowed by default. */
export interface RuleForm {
  direction: '' | RuleBody['direction'];
  protocol: '' | RuleBody['protocol'];
  ports: string;
  source: string;
  destination: string;
  action: '' | RuleBody['action'];
  description: string;
}

export const EMPTY_RULE: RuleForm = {
  direction: '',
  protocol: '',
  ports: '',
  source: '',
  destination: '',
  action: '',
  description: '',
};

/** Anywhere: the whole IPv4 internet. */
export const ANYWHERE = '0.0.0.0/0';

export const PORTS_HELP =
  'One port (22) or a range with the lower port first (8000-8080), from 1 to 65535.';
export const CIDR_HELP =
  'An IPv4 address with a prefix length from 0 to 32, e.g. 203.0.113.0/24 or 198.51.100.7/32; 0.0.0.0/0 means every address.';

const withPorts = (protocol: RuleForm['protocol']) => protocol === 'tcp' || protocol === 'udp';
const portsRe = new RegExp(PORTS_PATTERN);
const cidrRe = new RegExp(CIDR_PATTERN);

/** Whether a value is what the server accepts as a CIDR: four octets up to 255, prefix up to 32. */
export function isCidr(value: string): boolean {
  if (!cidrRe.test(value)) return false;
  const [address = '', prefix = ''] = value.split('/');
  return address.split('.').every((octet) => Number(octet) <= 255) && Number(prefix) <= 32;
}

/**
 * The problems of a rule, field by field, as whole sentences, checked as the server checks it
 * (the contract's patterns plus `normaliseFirewallRule`): ports are required for TCP and UDP and
 * refused otherwise; addresses are IPv4 CIDRs.
 */
export function ruleProblems(rule: RuleForm): Partial<Record<keyof RuleForm, string>> {
  const problems: Partial<Record<keyof RuleForm, string>> = {};
  if (!rule.direction)
    problems.direction = 'Choose a direction: incoming traffic to the VM or outgoing from it.';
  if (!rule.protocol) problems.protocol = 'Choose a protocol: TCP, UDP, ICMP or any.';
  if (!rule.action) problems.action = 'Choose whether the rule allows or denies the traffic.';
  if (withPorts(rule.protocol)) {
    const ports = rule.ports.trim();
    const [low = 0, high = low] = ports.split('-').map(Number);
    if (!ports)
      problems.ports = `Enter the ports: a ${rule.protocol.toUpperCase()} rule needs one port or a range.`;
    else if (!portsRe.test(ports) || low < 1 || high > 65535 || low > high)
      problems.ports =
        'Enter one port (22) or a range with the lower port first (8000-8080), from 1 to 65535.';
  }
  for (const [field, label] of [
    ['source', 'Source'],
    ['destination', 'Destination'],
  ] as const) {
    const value = rule[field].trim();
    if (!value)
      problems[field] =
        `Enter the ${field}: an IPv4 address with a prefix length, 0.0.0.0/0 for every address.`;
    else if (!isCidr(value))
      problems[field] =
        `${label} must be an IPv4 address with a prefix length from 0 to 32, such as 203.0.113.0/24.`;
  }
  if (rule.description.length > 200)
    problems.description = 'Keep the description to 200 characters or fewer.';
  return problems;
}

/** The request body of a complete rule (ports only for TCP and UDP). */
export function ruleBody(rule: RuleForm): RuleBody {
  return {
    direction: rule.direction || 'ingress',
    protocol: rule.protocol || 'any',
    ports: withPorts(rule.protocol) ? rule.ports.trim() : null,
    source: rule.source.trim(),
    destination: rule.destination.trim(),
    action: rule.action || 'deny',
    description: rule.description,
  };
}

export interface FirewallRuleDialogProps {
  vm: Vm;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Adds a firewall rule. Direction, protocol and action are explicit choices (none is made for
 * the person), and a rule open to every address says so before it is added.
 */
export function FirewallRuleDialog({ vm, open, onOpenChange }: FirewallRuleDialogProps) {
  const task = useVmTask(vm.id, 'network', 'Add firewall rule', 'Adding a firewall rule…');
  const form = useContractForm<RuleForm>(FirewallRuleBody, {
    defaultValues: EMPTY_RULE,
    refine: ruleProblems,
    toBody: ruleBody,
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(EMPTY_RULE);
  }, [open, reset]);
  const [protocol, source, destination] = useWatch({
    control: form.control,
    name: ['protocol', 'source', 'destination'],
  });
  const everywhere = [source, destination].some((value) => value.trim() === ANYWHERE);

  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={`Add a firewall rule to ${vm.display_name}`}
      description="Rules are checked in order; traffic no rule allows is dropped by the default policy."
      submitLabel="Add rule"
      size="medium"
      onSubmit={async (values) => {
        // a 400 names its field: the dialog puts the sentence there, and only there
        await dialogTask(task, () => vmApis(vm).compute.addFirewallRule(vm.id, ruleBody(values)));
      }}
    >
      <FormRadioGroup<RuleForm>
        name="direction"
        label="Direction"
        required
        options={[
          { value: 'ingress', label: 'Incoming (ingress)', description: 'Traffic to the VM.' },
          { value: 'egress', label: 'Outgoing (egress)', description: 'Traffic from the VM.' },
        ]}
      />
      <FormSelect<RuleForm>
        name="protocol"
        label="Protocol"
        placeholder="Choose a protocol"
        required
        options={[
          { value: 'tcp', label: 'TCP' },
          { value: 'udp', label: 'UDP' },
          { value: 'icmp', label: 'ICMP' },
          { value: 'any', label: 'Any protocol' },
        ]}
      />
      <FormTextField<RuleForm>
        name="ports"
        label="Ports"
        disabled={!withPorts(protocol)}
        required={withPorts(protocol)}
        help={withPorts(protocol) ? PORTS_HELP : 'Only TCP and UDP rules have ports.'}
        inputMode="numeric"
      />
      <FormTextField<RuleForm>
        name="source"
        label="Source"
        placeholder="203.0.113.0/24"
        required
        help={CIDR_HELP}
      />
      <FormTextField<RuleForm>
        name="destination"
        label="Destination"
        placeholder="10.100.0.5/32"
        required
        help={CIDR_HELP}
      />
      {everywhere && (
        <Alert kind="warning" title="Open to the whole internet">
          This rule applies to every address on the internet.
        </Alert>
      )}
      <FormRadioGroup<RuleForm>
        name="action"
        label="Action"
        required
        options={[
          { value: 'allow', label: 'Allow', description: 'Let the matching traffic through.' },
          { value: 'deny', label: 'Deny', description: 'Drop the matching traffic.' },
        ]}
      />
      <FormTextField<RuleForm>
        name="description"
        label="Description"
        help="Optional: what the rule is for, up to 200 characters."
      />
    </FormDialog>
  );
}
