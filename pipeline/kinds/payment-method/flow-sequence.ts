/**
 * A payment method's own flow: the integration pattern of the shared diagrams (content/diagrams/)
 * told with the method's names and values from its data sheet (./flow-patterns.ts), and the
 * lanes it uses — the customer, your server, the gateway, the method's provider by name (with
 * what it is for this pattern) and, for payouts, the recipient. Pure and cheap (no layout
 * engine, microseconds a page): ./flow-figure.ts draws it as HTML.
 */
import type { LoadedData } from '../../../schema/data.ts';
import type { PaymentMethod } from '../../../schema/frontmatter-method.ts';
import { apiIntegration, flowExamples, flowIntegration } from './flow.ts';
import { ACTIONS, checkSteps, hostedSteps, hostToHostSteps, p2pSteps, payoutSteps } from './flow-patterns.ts';
import { c, type Facts, type FlowStep, type Lane } from './flow-steps.ts';

export type { FlowStep, Lane };
export interface FlowLane {
  lane: Lane;
  name: string;
  /** What the lane is in this method's flow ("bank or wallet app"), under its name. */
  role?: string;
}
export interface MethodSequence {
  lanes: FlowLane[];
  steps: FlowStep[];
  /** The pattern in words, for the caption: "host-to-host, `next_action` `qr_code`". */
  pattern: string;
}

/** The group whose host-to-host payins are P2P transfers (transaction/p2p/*: requisites, confirm). */
export const P2P_GROUP = 'p2p';
const LANE_ORDER: Lane[] = ['customer', 'merchant', 'gateway', 'provider', 'recipient'];

export function methodSequence(m: PaymentMethod, data: LoadedData, paymentPage: string): MethodSequence {
  if (!m.flow.transaction) return sequenceOf(m, checkSteps(m), 'a check: no transaction, no callback');
  const ex = flowExamples(m, data, paymentPage);
  const answer = ex.response.data as {
    status: string;
    amount: string;
    currency: string;
    next_action?: Facts['action'];
  };
  const f: Facts = {
    m,
    ex,
    status: answer.status,
    action: answer.next_action,
    money: `${answer.amount} ${answer.currency}`,
  };
  if (m.direction === 'payout') return sequenceOf(m, payoutSteps(f), 'payout', 'payout provider');
  const integration = flowIntegration(m);
  if (apiIntegration(integration) === 'hpp') {
    const role = m.return_codes === 'iso8583' ? 'card issuer' : 'provider';
    return sequenceOf(m, hostedSteps(f), integration === 'widget' ? 'widget' : 'hosted payment page', role);
  }
  if (m.group === P2P_GROUP) return sequenceOf(m, p2pSteps(f), 'P2P transfer', "customer's banking app");
  const type = m.flow.next_action?.type;
  if (!type) return sequenceOf(m, hostToHostSteps(f), 'host-to-host');
  const role =
    type === 'submit_card' ? 'card issuer' : type === 'get_crypto_address' ? "customer's wallet" : ACTIONS[type]?.role;
  return sequenceOf(m, hostToHostSteps(f), `host-to-host, ${c('next_action')} ${c(type)}`, role);
}

function sequenceOf(m: PaymentMethod, steps: FlowStep[], pattern: string, role = 'provider'): MethodSequence {
  const lanes: Record<Lane, FlowLane> = {
    customer: { lane: 'customer', name: 'Customer' },
    merchant: { lane: 'merchant', name: 'Your server' },
    gateway: { lane: 'gateway', name: 'Gateway' },
    provider: { lane: 'provider', name: m.name, role },
    recipient: { lane: 'recipient', name: 'Recipient' },
  };
  const used = LANE_ORDER.filter((lane) => steps.some((s) => s.from === lane || s.to === lane));
  return { lanes: used.map((lane) => lanes[lane]), steps, pattern };
}
