/** The pricing table (specification part 1, section 9). */

export type PricingPlan = {
  id: 'free' | 'starter' | 'professional' | 'business' | 'enterprise';
  name: string;
  /** Per month, in US dollars, as advertised. */
  price: string;
  limits: readonly string[];
  mostPopular?: boolean;
  /** Enterprise: 'Contact Sales', with no handler (spec). */
  contactSales?: boolean;
};

/** The five plans of the specification's pricing table, in order. */
export const PRICING_PLANS: readonly PricingPlan[] = [
  { id: 'free', name: 'Free', price: '$0', limits: ['1 email account', '50 AI responses per month', '5 knowledge documents'] },
  {
    id: 'starter',
    name: 'Starter',
    price: '$9',
    limits: ['1 email account', '500 AI responses per month', '25 knowledge documents', 'Custom templates'],
  },
  {
    id: 'professional',
    name: 'Professional',
    price: '$19',
    limits: ['3 email accounts', '2,000 AI responses per month', 'Unlimited knowledge base', 'API access'],
    mostPopular: true,
  },
  {
    id: 'business',
    name: 'Business',
    price: '$39',
    limits: ['10 email accounts', '10,000 AI responses per month', 'Unlimited knowledge base'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: '$199-499',
    limits: ['Unlimited email accounts', 'Unlimited AI responses', 'SSO', 'SLA', 'White-label'],
    contactSales: true,
  },
];

/** What every plan is advertised with. */
export const PRICING_PROMISES = ['30-day free trial', 'No credit card required', 'Cancel anytime', '14-day money-back guarantee'] as const;
