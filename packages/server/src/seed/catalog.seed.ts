import { DEMO_ACCOUNTS, type DemoAccountName } from '@regie/contract/demo';
import { eq, sql } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import { speakers } from '../db/actors.table.ts';
import { categories, categoryItems, subcategories } from '../db/categories.table.ts';
import type { Db } from '../db/database.ts';
import { faqEntries } from '../db/faq.table.ts';
import { paymentOffers, productPaymentOffers, products } from '../db/payments.table.ts';
import { playlists } from '../db/playlists.table.ts';
import { sports } from '../db/sports.table.ts';
import { seedClipsDemo } from './clips.seed.ts';
import { DEMO_MATCH_PASS_PRODUCT } from './events.seed.ts';
import { seedDemoImport } from './import.seed.ts';
import { french, one } from './seed.rows.ts';
import { seedSportData } from './sport-data.seed.ts';

/**
 * The demo catalogue of the football club and the event organiser: their sport data
 * (sport-data.seed.ts), the club's categories, playlists, offers and products, the organiser's
 * speakers, and the platform's FAQ. No image keys: nothing was uploaded.
 */

const SPEAKERS = [
  {
    name: 'Amara Nwosu',
    title: 'Chief Scientist',
    company: 'Helix Labs',
    email: 'amara.nwosu@example.com',
    bio: 'Leads applied research on low-latency video at Helix Labs; twelve years of streaming at scale.',
  },
  {
    name: 'Jonathan Reyes',
    title: 'Head of Product',
    company: 'Streamline',
    email: 'jonathan.reyes@example.com',
    bio: 'Builds live products for sports broadcasters; previously product lead for a pan-European OTT service.',
  },
  {
    name: 'Sofia Lindqvist',
    title: 'Chief Executive Officer',
    company: 'Nordlight Media',
    email: 'sofia.lindqvist@example.com',
    bio: 'Founded Nordlight Media, a studio producing live events for Nordic audiences.',
  },
  {
    name: 'Marc-Antoine Dubois',
    title: 'Chief Technology Officer',
    company: 'Atelier Numérique',
    email: 'marc-antoine.dubois@example.com',
    bio: 'Runs the engineering of Atelier Numérique: encoding pipelines, players and accessibility.',
  },
] as const;

const FAQ = [
  {
    question: 'How do I add a marker type?',
    answer:
      'Open Account › Marker types and choose New. Give it a name, a short code and a colour; leave the sport empty for a marker used in every sport.',
    fr: {
      question: 'Comment ajouter un type de marqueur ?',
      answer:
        'Ouvrez Compte › Types de marqueurs et choisissez Nouveau. Donnez-lui un nom, un code court et une couleur ; laissez le sport vide pour un marqueur valable dans tous les sports.',
    },
  },
  {
    question: 'How are seasons and rounds organised?',
    answer:
      'A competition holds its seasons, and each season its rounds. Open a competition: its seasons are listed under the form, and each season shows its rounds.',
    fr: {
      question: 'Comment sont organisées les saisons et les journées ?',
      answer:
        'Une compétition contient ses saisons, et chaque saison ses journées. Ouvrez une compétition : ses saisons sont listées sous le formulaire, et chaque saison affiche ses journées.',
    },
  },
  {
    question: 'Why does the Stripe catalogue say that Stripe is not configured?',
    answer:
      'The platform reads prices from Stripe only once its Stripe key is set. Until then, payment offers work without a Stripe price.',
    fr: {
      question: 'Pourquoi le catalogue Stripe indique-t-il que Stripe n’est pas configuré ?',
      answer:
        'La plateforme ne lit les prix Stripe qu’une fois sa clé Stripe renseignée. D’ici là, les offres de paiement fonctionnent sans prix Stripe.',
    },
  },
  {
    question: 'How do I translate a name into French?',
    answer:
      'Open the record and use the Translations panel under the form: pick the language, fill in the fields and save the translation.',
    fr: {
      question: 'Comment traduire un nom en français ?',
      answer:
        'Ouvrez l’élément et utilisez le panneau Traductions sous le formulaire : choisissez la langue, remplissez les champs et enregistrez la traduction.',
    },
  },
] as const;

/** The club's categories and their subcategories, with French names; the category ids by name. */
async function seedCategories(db: Db, club: number): Promise<Map<string, number>> {
  const categoryId = new Map<string, number>();
  for (const [index, category] of [
    { name: 'Highlights', fr: 'Temps forts', description: 'Goals, saves and the best moments of every match.' },
    { name: 'Interviews', fr: 'Interviews', description: 'Players and staff, before and after the match.' },
  ].entries()) {
    const row = one(
      await db
        .insert(categories)
        .values({
          name: category.name,
          description: category.description,
          position: index + 1,
          published: true,
          accountId: club,
        })
        .returning(),
      `category ${category.name}`,
    );
    categoryId.set(category.name, row.id);
    await french(db, 'categories', row.id, { name: category.fr });
  }
  for (const [index, sub] of [
    { category: 'Highlights', name: 'Goals of the week', fr: 'Buts de la semaine' },
    { category: 'Highlights', name: 'Match highlights', fr: 'Résumés des matchs' },
    { category: 'Interviews', name: 'Post-match', fr: 'Après-match' },
    { category: 'Interviews', name: 'Press conferences', fr: 'Conférences de presse' },
  ].entries()) {
    const row = one(
      await db
        .insert(subcategories)
        .values({
          name: sub.name,
          categoryId: categoryId.get(sub.category) ?? 0,
          position: index + 1,
          published: true,
          accountId: club,
        })
        .returning(),
      `subcategory ${sub.name}`,
    );
    await french(db, 'subcategories', row.id, { name: sub.fr });
  }
  return categoryId;
}

/** The club's playlists; the first is filed under Highlights. */
async function seedPlaylists(db: Db, club: number, categoryId: ReadonlyMap<string, number>): Promise<void> {
  const [bestGoals] = await db
    .insert(playlists)
    .values([
      {
        name: 'Best goals 2025-2026',
        description: 'Every goal of last season, voted by the fans.',
        published: true,
        accountId: club,
      },
      {
        name: 'Behind the scenes',
        description: 'Training ground, travel and matchday routines.',
        published: true,
        accountId: club,
      },
      { name: 'Academy stars', description: 'The under-21s to watch (draft).', accountId: club },
    ])
    .returning();
  if (bestGoals) {
    await db.insert(categoryItems).values({
      categoryId: categoryId.get('Highlights') ?? 0,
      itemType: 'playlist',
      itemId: bestGoals.id,
      position: 0,
    });
  }
}

/** The club's payment offers and the products that sell them. */
async function seedPayments(db: Db, club: number): Promise<void> {
  const offers = await db
    .insert(paymentOffers)
    .values([
      {
        name: 'Season pass',
        description: 'Every match of the season, live and on replay.',
        price: 9900,
        billingPeriod: 'yearly',
        accountId: club,
      },
      {
        name: 'Monthly pass',
        description: 'Every match of the month, cancel at any time.',
        price: 1299,
        billingPeriod: 'monthly',
        accountId: club,
      },
      { name: 'Match pass', description: 'One match, live and on replay for 48 hours.', price: 499, accountId: club },
    ])
    .returning();
  const offer = (name: string) => offers.find((row) => row.name === name)?.id ?? 0;
  const seasonProduct = one(
    await db
      .insert(products)
      .values({
        name: 'Riverside TV 2026-2027',
        description: 'The whole 2026-2027 season on Riverside TV.',
        accountId: club,
      })
      .returning(),
    'product',
  );
  const matchProduct = one(
    await db
      .insert(products)
      .values({ name: DEMO_MATCH_PASS_PRODUCT, description: 'One match, live and on replay.', accountId: club })
      .returning(),
    'product',
  );
  await db.insert(productPaymentOffers).values([
    {
      productId: seasonProduct.id,
      paymentOfferId: offer('Season pass'),
      position: 0,
      highlighted: true,
      accountId: club,
    },
    { productId: seasonProduct.id, paymentOfferId: offer('Monthly pass'), position: 1, accountId: club },
    { productId: matchProduct.id, paymentOfferId: offer('Match pass'), position: 0, accountId: club },
  ]);
}

async function seedFaq(db: Db): Promise<void> {
  for (const [index, entry] of FAQ.entries()) {
    const row = one(
      await db
        .insert(faqEntries)
        .values({ question: entry.question, answer: entry.answer, position: index + 1 })
        .returning(),
      'FAQ entry',
    );
    await french(db, 'faq', row.id, entry.fr);
  }
}

export async function seedCatalogDemo(db: Db, accountIds: ReadonlyMap<string, number>): Promise<void> {
  const account = (name: DemoAccountName) => accountIds.get(name) ?? 0;
  const club = account(DEMO_ACCOUNTS.club);
  const events = account(DEMO_ACCOUNTS.events);
  const football = one(await db.select().from(sports).where(eq(sports.name, 'Football')).limit(1), 'Football').id;
  // The club is about football: the SportId an admin acting for it adds to its queries (spec §6).
  await db
    .update(accounts)
    .set({ config: sql`${accounts.config} || ${JSON.stringify({ sportId: football })}::jsonb` })
    .where(eq(accounts.id, club));
  await seedSportData(db, club, events, football);
  await seedClipsDemo(db, club, events, football);
  await seedDemoImport(db, club, football);

  const categoryId = await seedCategories(db, club);
  await seedPlaylists(db, club, categoryId);
  await seedPayments(db, club);
  await db.insert(speakers).values(SPEAKERS.map((speaker) => ({ ...speaker, accountId: events })));
  await seedFaq(db);
}
