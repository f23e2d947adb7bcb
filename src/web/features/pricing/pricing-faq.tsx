import { Link } from 'react-router';
import { FaqList, type FaqItem } from '../../components/ui/faq-list';
import { trialDays } from '../../../shared/plans';

const items: FaqItem[] = [
  {
    question: 'How does the free trial work?',
    answer: (
      <p>
        Standard and Premium, monthly or yearly, start with a {trialDays}-day trial. You are not
        charged during the trial, and if you cancel before it ends you pay nothing. Each person gets
        one trial.
      </p>
    ),
  },
  {
    question: 'How do I cancel?',
    answer: (
      <p>
        From your account page, at any time, in a few clicks; there is no one to call. Your plan
        stays active until the end of the period you have paid for, then your account moves to the
        Free plan. Your conversations stay yours either way.
      </p>
    ),
  },
  {
    question: 'What is a token?',
    answer: (
      <p>
        A token is the unit the assistant’s use is counted in: a short piece of a word, about four
        characters or three quarters of a word of English text. Both your question and the
        assistant’s answer count, so a long, detailed answer uses more than a short one. Your
        balance is always shown in the chat.
      </p>
    ),
  },
  {
    question: 'What happens when my tokens run out?',
    answer: (
      <p>
        The assistant stops answering until your allowance renews: the next day on the Free plan, at
        the start of your next monthly period on Standard. Nothing is charged automatically and your
        conversations are kept. If you need more before then, you can move to a larger plan on this
        page. Premium has no fixed allowance, only a fair-use limit that protects the service from
        abuse.
      </p>
    ),
  },
  {
    question: 'Does a paid plan give me legal advice?',
    answer: (
      <p>
        No. Every plan gives you the same assistant: an AI that gives general legal information, not
        legal advice, and no plan creates a lawyer-client relationship. If you need advice on your
        own situation, <Link to="/contact">contact our firm</Link>.
      </p>
    ),
  },
];

export function PricingFaq() {
  return <FaqList items={items} />;
}
