CREATE TABLE `content_pages` (
	`slug` text PRIMARY KEY NOT NULL,
	`current_version` integer NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL,
	`write_id` text,
	`draft_markdown` text,
	`draft_by` text,
	`draft_at` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`draft_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `content_versions` (
	`slug` text NOT NULL,
	`version` integer NOT NULL,
	`markdown` text NOT NULL,
	`author_id` text,
	`restored_from` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`slug`, `version`),
	FOREIGN KEY (`slug`) REFERENCES `content_pages`(`slug`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `home_pin` (
	`id` text PRIMARY KEY DEFAULT 'home' NOT NULL,
	`film_id` text,
	`banner_text` text,
	`banner_href` text,
	`updated_by` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`film_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `content_pages` (`slug`, `current_version`, `revision`) VALUES ('faq', 1, 0);
--> statement-breakpoint
INSERT INTO `content_versions` (`slug`, `version`, `markdown`) VALUES ('faq', 1, '# Frequently asked questions

Reelfund is where you watch independent films and help fund the next ones. Here is how it works.

## Watching

### ? What can I watch on Reelfund?

Films and videos from independent creators. Browse by category, see what''s new and popular, or use the search box at the top of every page.

### ? Do I need an account?

You can read about films, donate and search without one. Browsing the catalogue, keeping a list and funding campaigns need a free account.

### ? What is My List?

Your personal watchlist. Add any film to it and find it again under My List in the header.

## Funding films

### ? How can I support a film?

Two ways:

- **Fund** a film''s campaign from its page, to help it reach its next funding milestone.
- **Donate** any amount to a film. Donations are open to everyone, with or without an account.

### ? How do I pay?

Card payments are handled by our payment provider, so your card details never touch our servers. Some features use a wallet on a public blockchain instead.

## Campaigns

### ? Who runs a campaign?

The film''s creator (its originator) and the team they invite. Each team member has a role and a share of the revenue, and every member approves their share before the campaign goes anywhere.

### ? How does a campaign go live?

1. The creator sets a title, a description, a funding goal and an end date.
2. Once every team member has approved their share, the campaign is submitted for review. Our team checks it for compliance and fairness, usually within 1–2 business days.
3. After approval, the creator launches it and it starts accepting funding.

### ? How big can a campaign''s goal be?

A new campaign''s goal is between $1,000 and $10,000, in steps of $1,000.

## Milestones

### ? What is a milestone?

A campaign reaches a milestone when what it raised reaches its goal. The first milestone is the goal the creator set; each time the team votes to go on, the goal grows by **$10,000** towards the next one. At each milestone, the money raised is paid out to the team.

### ? What happens when a milestone is reached?

Every team member votes to **extend** the campaign or **complete** it. If everyone votes to extend, the campaign continues towards the next $10,000 milestone. Otherwise it completes.

## Payouts and fees

### ? What does Reelfund charge?

A platform fee of **10%** of the funds a campaign raises. Watching and browsing are free.

### ? How is the rest shared?

The remaining 90% is split among the creator and the team according to the revenue shares they approved. By default it is split equally.

### ? How do creators get paid?

Payouts run automatically at each milestone, through a payout account the creator connects with our payment provider. Creators set this up once, under Payouts in their dashboard.

## Creator coins

### ? What are creator coins?

An optional token a campaign can have. Read the [creator coins FAQ](/coins-faq) for the details.

::: callout
Still have a question?

[Contact us](/contact)
:::
');
--> statement-breakpoint
INSERT INTO `content_pages` (`slug`, `current_version`, `revision`) VALUES ('coins-faq', 1, 0);
--> statement-breakpoint
INSERT INTO `content_versions` (`slug`, `version`, `markdown`) VALUES ('coins-faq', 1, '# Creator coins FAQ

Some campaigns have their own creator coin: an optional token that fans can hold to show their support for a film.

## The basics

### ? What is a creator coin?

A token issued for one campaign, on a public blockchain. Each coin has its own symbol, price and a fixed supply. Coins are optional: most campaigns work without one. A film whose campaign has a coin shows it on its page, with a link to its Creator coins page.

### ? Which blockchain do coins use?

The one named on the coin''s page. By default, **Base Sepolia** (chain id 84532), a **test network**. Coins on a test network are for trying things out and carry no real-world value.

### ? How do I buy coins?

On the film''s Creator coins page: choose how many whole coins you want, read what a coin is and is not, and tick that you read it. Then connect a browser wallet on the coin''s network. You pay in **USDC** from that wallet: usually one signature and one transaction, or an approval and a purchase if your wallet cannot sign the first kind. The coins are yours once the purchase is on the chain, and the page shows what your wallet holds.

### ? What is a coin not?

It is not a share of the film: it pays you no part of the film''s revenue or profits. Nobody buys it back: there is no refund, even if the campaign is cancelled. Nobody guarantees its price: it can lose all its value.

### ? Do I need a wallet?

Yes. Coins are held in your own wallet on the blockchain, so you connect one to buy or hold them; Reelfund never holds them for you. Your account settings list the coins each wallet you linked holds.

## Supply and price

### ?+ How many coins are there?

A coin''s total supply is **200,000**, split like this:

| Share | Coins | Percent |
| --- | --: | --: |
| **Fans** — available to supporters | 100,000 | 50% |
| **Team** — locked | 40,000 | 20% |
| **Marketing** — Reelfund''s, for promotion | 30,000 | 15% |
| **Reserve** — locked for longer | 30,000 | 15% |

### ? What does a coin cost?

The default price is **$0.10** per coin. The price is set per campaign, never below **$0.01**, and fixed once the coin is deployed: every fan pays the same.

### ? What is a coin''s symbol?

A short ticker of up to 6 letters or numbers, written in capitals. If a campaign doesn''t choose one, it is **CC**.

## Creators

### ? How does a campaign get a coin?

Coins are enabled per campaign by the Reelfund team, who also set the coin''s symbol and price. If you''d like one for your campaign, ask us through the [contact page](/contact).

### ? Why is the team''s share locked?

The team''s 20% is locked in a vesting contract rather than handed out at launch, so the people behind the film stay invested in it: nothing unlocks for 6 months, then it unlocks gradually over 24 months. The reserve''s 15% waits 12 months, then unlocks over 36. Each coin''s page shows how many are still locked and when the next unlock starts.

### ? Are coins the same as revenue shares?

No. A film''s revenue is shared among its team members, as agreed in the campaign. A creator coin is separate from those shares: the USDC fans pay for coins goes to the team by the split they had agreed when the coin was deployed, less the platform fee.

::: callout
Looking for how funding and payouts work?

[Read the FAQ](/faq)
:::
');
--> statement-breakpoint
INSERT INTO `content_pages` (`slug`, `current_version`, `revision`) VALUES ('contact', 1, 0);
--> statement-breakpoint
INSERT INTO `content_versions` (`slug`, `version`, `markdown`) VALUES ('contact', 1, '# Contact

Questions, feedback or a problem with your account? Write to us and a person will answer.

::: email-card
Email us at

[hello@reelfund.example](mailto:hello@reelfund.example)

We reply within two business days.
:::

## What can we help with?

::: topics
- [**Your account** Signing in, your profile or closing your account.](mailto:hello@reelfund.example?subject=Account)
- [**Campaigns and payouts** Reviews, milestones, payouts or fees.](mailto:hello@reelfund.example?subject=Campaigns)
- [**Becoming a creator** Applying to run campaigns, or asking about creator coins.](mailto:hello@reelfund.example?subject=Creators)
- [**Something else** Press, partnerships, feedback or a problem with the site.](mailto:hello@reelfund.example?subject=Hello)
:::

## Before you write

Many answers are already in the [FAQ](/faq) and the [creator coins FAQ](/coins-faq). If your message is about a film or a campaign, include its link so we can find it quickly. Never send us your password.
');
--> statement-breakpoint
INSERT INTO `content_pages` (`slug`, `current_version`, `revision`) VALUES ('privacy', 1, 0);
--> statement-breakpoint
INSERT INTO `content_versions` (`slug`, `version`, `markdown`) VALUES ('privacy', 1, '# Privacy

In plain language: what we collect, why we need it, who else sees it, and the choices you have.

## What we collect

- **Your account:** your email address, username and, if you add one, a link to your avatar. Your password is stored only as a one-way hash; we can never read it.
- **What you do here:** the films on your list, the campaigns you fund or work on, donations, notifications and the messages you send to other creators.
- **Creators'' details:** films, campaign settings, team members and their revenue shares, and payout status.
- **Technical data:** the IP address and browser details that come with every request, used to keep the service secure and to stop abuse such as repeated failed sign-ins.

## Why we use it

- To run your account and show you your own data.
- To run campaigns: notifying team members, counting funds and paying out milestones.
- To keep Reelfund safe, for example by limiting sign-in attempts.
- To reply when you write to us.

We do not sell your personal data, and we do not use it for advertising.

## Cookies

We use one essential cookie to keep you signed in. It can''t be read by scripts on the page and isn''t used to track you across other sites. We don''t use advertising or analytics cookies.

The site also keeps a few small entries in your browser''s storage, such as a copy of your profile so pages load faster. They are cleared when you sign out.

## Who else sees it

- **Other people on Reelfund** see your username and avatar, for example on a campaign''s team.
- **Our payment provider** handles card payments and creators'' payout accounts. Card numbers go to them directly and never reach our servers.
- **Public blockchains:** if you use a wallet, for example for creator coins, your wallet address and transactions are public by the nature of the blockchain. We can''t change or remove them.
- **Service providers** who host our servers and send our email, only to do that work for us.

## How long we keep it

We keep your data while your account is open. When you close it, we delete your personal data, except records we must keep by law, such as payment records.

## Your choices

- Change your username and avatar at any time in [Account Settings](/account).
- Ask us for a copy of your data, to correct it, or to delete your account, by writing to [hello@reelfund.example](mailto:hello@reelfund.example).

## Changes

If we change this policy in a way that matters, we''ll tell you on the site before the change takes effect.
');
--> statement-breakpoint
INSERT INTO `content_pages` (`slug`, `current_version`, `revision`) VALUES ('terms', 1, 0);
--> statement-breakpoint
INSERT INTO `content_versions` (`slug`, `version`, `markdown`) VALUES ('terms', 1, '# Terms

The rules for using Reelfund, in plain language. By creating an account or using the site, you agree to them.

## Your account

- Keep your password to yourself. You''re responsible for what happens under your account.
- Use a username that isn''t misleading or offensive and doesn''t impersonate anyone.
- Give accurate information, especially if you run a campaign or receive payouts.

## Watching

Films on Reelfund belong to their creators. You may watch them for your own, personal use. Don''t copy, download or redistribute them unless the creator allows it.

## Creators and their films

- You may only upload films you own or have the rights to publish, together with everyone who worked on them.
- You keep the rights to your work. You allow Reelfund to host, stream and promote it on the service while it is published here.
- We may review, decline or remove films and campaigns that break these terms or the law.

## Campaigns

- Every campaign is reviewed by our team before it can launch. Reviews usually take 1–2 business days.
- Everyone on a campaign''s team approves their revenue share before it is submitted. If a campaign changes in a way that matters, it may go back to review.
- Funds are paid out in milestones of $10,000. At each milestone, the team votes to extend or complete the campaign.
- Reelfund keeps a platform fee, 10% by default, shown in each campaign''s settings. The rest is paid to the team according to their shares.
- Creators are responsible for using the money as they described and for keeping their supporters informed.

## Supporting films

- Funding a campaign or donating supports a film. It does not buy you a share of the film or its revenue.
- Creator coins are optional tokens, by default on a test network, where they have no real-world value. They are not an investment.
- Card payments are processed by our payment provider under its own terms. Blockchain transactions can''t be reversed once confirmed.

## What''s not allowed

- Breaking the law, infringing anyone''s rights, or fraud, including misleading campaigns.
- Harassing other people, or sending spam through messages or collaboration requests.
- Trying to get around security, reach other people''s data, or overload the service.

## Ending things

You can close your account at any time by writing to us. We may suspend or close an account that breaks these terms, and will tell you why unless the law prevents it.

## Our responsibility

We work hard to keep Reelfund running and your data safe, but we provide the service as it is and can''t promise it will always be available or free of errors. We aren''t responsible for what creators make, promise or deliver. Nothing in these terms limits rights you have by law.

## Changes and questions

If we change these terms in a way that matters, we''ll tell you on the site before the change takes effect. Questions? Write to [hello@reelfund.example](mailto:hello@reelfund.example).
');
--> statement-breakpoint
INSERT INTO `content_pages` (`slug`, `current_version`, `revision`) VALUES ('join-us', 1, 0);
--> statement-breakpoint
INSERT INTO `content_versions` (`slug`, `version`, `markdown`) VALUES ('join-us', 1, '# Join us

Make your film with the people who want to watch it. Reelfund gives independent creators an audience and a fair way to fund the next project.

::: reasons
- ## Fund in milestones

  Start with a goal between $1,000 and $10,000. Reaching it is your first milestone, paid out to your team; then you decide together whether to go on, $10,000 more at a time.

- ## Share fairly with your team

  Invite the people who make the film with you. Everyone has a role and a revenue share they approve before a campaign goes live.

- ## Simple, visible fees

  Reelfund keeps a 10% platform fee. The rest goes to your team, paid automatically through the payout account you connect.

- ## An audience that watches

  Your films stream to people who come here to discover independent work, and who can fund or donate to what you make next.

- ## Creator coins, if you want them

  A campaign can have its own optional coin for fans to hold.

  [How creator coins work →](/coins-faq)

- ## A real review

  Every campaign is checked by our team for compliance and fairness, usually within 1–2 business days, so supporters can trust what they fund.
:::

::: callout primary
**Ready to create?** Tell us about your film and we''ll set you up.

[Apply to become a creator](/apply)
:::
');
