import { BaseModel, type Timestamp } from './base';
import { Tag, User } from './users';

/** `courses` */
export class Course extends BaseModel {
  static override tableName = 'courses';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'title',
    'description',
    'status',
    'slug',
    'cover_photo_url',
    'visible_to_basic',
    'visible_to_premium',
    'position',
    'created_at',
    'updated_at',
  ] as const;

  declare id: number;
  declare title: string;
  declare description: string | null;
  declare status: string;
  declare slug: string;
  declare cover_photo_url: string | null;
  declare visible_to_basic: boolean;
  declare visible_to_premium: boolean;
  declare position: number;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
}

/** `modules` */
export class Module extends BaseModel {
  static override tableName = 'modules';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'title',
    'course_id',
    'position',
    'visible_to_basic',
    'visible_to_premium',
    'created_at',
    'updated_at',
  ] as const;

  declare id: number;
  declare title: string;
  declare course_id: number | null;
  declare position: number;
  declare visible_to_basic: boolean;
  declare visible_to_premium: boolean;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
  /** Through `withGraphFetched`. */
  declare course?: Course | null;
  declare tags?: Tag[];
}

/** `lessons` */
export class Lesson extends BaseModel {
  static override tableName = 'lessons';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'title',
    'content',
    'module_id',
    'position',
    'created_at',
    'updated_at',
    'search_vector',
  ] as const;

  declare id: number;
  declare title: string;
  declare content: string;
  declare module_id: number;
  declare position: number;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
  declare search_vector: string | null;
  /** Through `withGraphFetched`. */
  declare module?: Module;
  declare tags?: Tag[];
}

/** `course_tags` */
export class CourseTag extends BaseModel {
  static override tableName = 'course_tags';
  static override idColumn = ['course_id', 'tag_id'];
  static override columns = ['course_id', 'tag_id'] as const;

  declare course_id: number;
  declare tag_id: number;
}

/** `module_tags` */
export class ModuleTag extends BaseModel {
  static override tableName = 'module_tags';
  static override idColumn = ['module_id', 'tag_id'];
  static override columns = ['module_id', 'tag_id'] as const;

  declare module_id: number;
  declare tag_id: number;
}

/** `lesson_tags` */
export class LessonTag extends BaseModel {
  static override tableName = 'lesson_tags';
  static override idColumn = ['lesson_id', 'tag_id'];
  static override columns = ['lesson_id', 'tag_id'] as const;

  declare lesson_id: number;
  declare tag_id: number;
}

/** `lesson_completions` */
export class LessonCompletion extends BaseModel {
  static override tableName = 'lesson_completions';
  static override idColumn = ['user_id', 'lesson_id'];
  static override columns = ['user_id', 'lesson_id', 'completed_at'] as const;

  declare user_id: number;
  declare lesson_id: number;
  declare completed_at: Timestamp;
}

const tagsThrough = (table: string, key: string, from: string) => ({
  relation: BaseModel.ManyToManyRelation,
  modelClass: Tag,
  join: { from, through: { from: `${table}.${key}`, to: `${table}.tag_id` }, to: 'tags.id' },
});

Course.relationMappings = () => ({
  modules: {
    relation: BaseModel.HasManyRelation,
    modelClass: Module,
    join: { from: 'courses.id', to: 'modules.course_id' },
  },
  tags: tagsThrough('course_tags', 'course_id', 'courses.id'),
});

Module.relationMappings = () => ({
  course: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Course,
    join: { from: 'modules.course_id', to: 'courses.id' },
  },
  lessons: {
    relation: BaseModel.HasManyRelation,
    modelClass: Lesson,
    join: { from: 'modules.id', to: 'lessons.module_id' },
  },
  tags: tagsThrough('module_tags', 'module_id', 'modules.id'),
});

Lesson.relationMappings = () => ({
  module: {
    relation: BaseModel.BelongsToOneRelation,
    modelClass: Module,
    join: { from: 'lessons.module_id', to: 'modules.id' },
  },
  tags: tagsThrough('lesson_tags', 'lesson_id', 'lessons.id'),
  completedBy: {
    relation: BaseModel.ManyToManyRelation,
    modelClass: User,
    join: {
      from: 'lessons.id',
      through: { from: 'lesson_completions.lesson_id', to: 'lesson_completions.user_id' },
      to: 'users.id',
    },
  },
});
