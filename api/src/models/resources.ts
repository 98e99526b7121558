import { BaseModel, type Timestamp } from './base';
import { Course } from './courses';
import { Tag, User } from './users';

/** `resources` */
export class Resource extends BaseModel {
  static override tableName = 'resources';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'title',
    'description',
    'cover_photo_url',
    'type',
    'visibility',
    'content',
    'url',
    'price_cents',
    'purchase_url',
    'course_id',
    'published_at',
    'hidden',
    'created_at',
    'updated_at',
  ] as const;

  declare id: number;
  declare title: string;
  declare description: string | null;
  declare cover_photo_url: string | null;
  declare type: string;
  declare visibility: string;
  declare content: string | null;
  declare url: string | null;
  declare price_cents: number | null;
  declare purchase_url: string | null;
  declare course_id: number | null;
  declare published_at: Timestamp | null;
  declare hidden: boolean;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
}

/** `categories` */
export class Category extends BaseModel {
  static override tableName = 'categories';
  static override idColumn = 'id';
  static override columns = ['id', 'name', 'created_at', 'premium_slides'] as const;

  declare id: number;
  declare name: string;
  declare created_at: Timestamp;
  declare premium_slides: boolean;
}

/** `resource_categories` */
export class ResourceCategory extends BaseModel {
  static override tableName = 'resource_categories';
  static override idColumn = ['resource_id', 'category_id'];
  static override columns = ['resource_id', 'category_id'] as const;

  declare resource_id: number;
  declare category_id: number;
}

/** `resource_tags` */
export class ResourceTag extends BaseModel {
  static override tableName = 'resource_tags';
  static override idColumn = ['resource_id', 'tag_id'];
  static override columns = ['resource_id', 'tag_id'] as const;

  declare resource_id: number;
  declare tag_id: number;
}

/** `user_resources` */
export class UserResource extends BaseModel {
  static override tableName = 'user_resources';
  static override idColumn = ['user_id', 'resource_id'];
  static override columns = ['user_id', 'resource_id', 'source', 'created_at'] as const;

  declare user_id: number;
  declare resource_id: number;
  declare source: string;
  declare created_at: Timestamp;
}

Resource.relationMappings = () => ({
  categories: {
    relation: BaseModel.ManyToManyRelation,
    modelClass: Category,
    join: {
      from: 'resources.id',
      through: { from: 'resource_categories.resource_id', to: 'resource_categories.category_id' },
      to: 'categories.id',
    },
  },
  tags: {
    relation: BaseModel.ManyToManyRelation,
    modelClass: Tag,
    join: {
      from: 'resources.id',
      through: { from: 'resource_tags.resource_id', to: 'resource_tags.tag_id' },
      to: 'tags.id',
    },
  },
  course: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Course,
    join: { from: 'resources.course_id', to: 'courses.id' },
  },
  owners: {
    relation: BaseModel.ManyToManyRelation,
    modelClass: User,
    join: {
      from: 'resources.id',
      through: { from: 'user_resources.resource_id', to: 'user_resources.user_id' },
      to: 'users.id',
    },
  },
});

Category.relationMappings = () => ({
  resources: {
    relation: BaseModel.ManyToManyRelation,
    modelClass: Resource,
    join: {
      from: 'categories.id',
      through: { from: 'resource_categories.category_id', to: 'resource_categories.resource_id' },
      to: 'resources.id',
    },
  },
});
