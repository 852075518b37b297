import { Link } from 'react-router'
import { paths } from '../lib/routes.ts'

// What this site collects and how long it keeps it. The periods are the server's defaults; an
// operator may change them (README, Configuration), and the page says so.
const sections = [
  {
    title: 'Tool runs',
    items: [
      'A tool runs on this server with the input you give it. The answer is kept as a run for 24 hours so that you can share it; a run nobody shared is then deleted.',
      'A shared result stays readable at its link for 30 days, unless its owner pinned it; the owner (or whoever holds its delete link) can delete it sooner.',
      'Runs record the input, the answer, the measuring server and, when you are signed in, your account. They do not record your IP address.',
    ],
  },
  {
    title: 'Accounts',
    items: [
      'An account holds your e-mail address and a password hash (never the password itself). Each session records the IP address and browser it was opened from, until it ends.',
      'Signed in, your runs are saved to your private history until you delete them; a deleted entry can be restored for a few seconds, then it is gone.',
      'Monitors keep their results for 90 days (one per hour after two days). API tokens are stored as hashes. Spam reports on phone numbers are stored with your account.',
    ],
  },
  {
    title: 'Analytics',
    items: [
      'This server records first-party events: pages viewed (the path only, never the query or fragment), which tool was run and whether it succeeded, and sign-in and sign-out. What you type into a tool is never part of an event.',
      'Nothing is recorded when your browser sends Do Not Track or Global Privacy Control.',
      'Events are kept by this server with no automatic expiry. The operator may also forward them to PostHog; a signed-in visitor is then named by account id only.',
    ],
  },
  {
    title: 'Logs',
    items: [
      "The server's log records requests with the address they came from, for operating the site and stopping abuse. How long logs are kept is the operator's choice.",
      'Rate limits count requests per address for a few minutes; the counters are not stored with your account.',
    ],
  },
] as const

export function PrivacyPage() {
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-semibold tracking-tight">Privacy</h1>
      <p className="mt-3 text-muted-foreground">
        What this site collects and keeps. The periods below are the defaults; the operator of this server can change
        them.
      </p>
      {sections.map((section) => (
        <section key={section.title} className="mt-8">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-relaxed">
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
      <p className="mt-10 text-sm text-muted-foreground">
        <Link to={paths.home} className="focus-ring rounded font-medium text-accent underline-offset-4 hover:underline">
          Back to the tools
        </Link>
      </p>
    </article>
  )
}
